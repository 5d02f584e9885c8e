import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import * as v from 'valibot';

/**
 * A backup of the embedded database (`npm run db:backup`): one line of JSON saying what it is, then
 * PGlite's data folder as a gzipped tarball (`tail -n +2 FILE | tar tz` lists it).
 *
 * Why the data folder and not an SQL dump: it is taken under PGlite's transaction lock, which every
 * query and transaction of the shop holds while it runs (PGlite is one session), so the folder is
 * what stopping between two transactions would leave: every committed order in it, nothing half
 * written. A restore starts PostgreSQL on it, which replays the short write-ahead log tail after the
 * checkpoint taken just before, as after any stop. It brings back everything as it was: sequences
 * (order numbers), indexes, the pg_trgm extension, secrets in `meta`, with nothing to re-create. An
 * SQL-level copy in one snapshot would hold the same lock for longer (PGlite runs one transaction at
 * a time), and its restore would have to rebuild every index.
 *
 * The header carries the payload's length and SHA-256, so a restore refuses a file that is not ours,
 * truncated or damaged before it touches anything.
 */
export const BACKUP_FORMAT = 'fixings-shop-backup';
/** Where the running shop serves a backup (server/admin/backup-routes.ts). */
export const BACKUP_ROUTE = '/api/admin/backup';
/** What the backup commands and route say when the shop runs on PostgreSQL instead. */
export const PG_DUMP_ADVICE =
  'This shop keeps its data in PostgreSQL (DATABASE_URL), whose own tools back it up while it serves: ' +
  'pg_dump --format=custom --file=shop.dump "$DATABASE_URL" (add --schema=NAME when DATABASE_SCHEMA is set), ' +
  'and pg_restore --clean --if-exists --dbname="$DATABASE_URL" shop.dump into a stopped shop. See docs/operations.md.';
export const BACKUP_VERSION = 1;
/** A header line is a few hundred bytes; anything without a line end this early is not ours. */
const MAX_HEADER_BYTES = 4096;

const headerSchema = v.object({
  format: v.literal(BACKUP_FORMAT),
  version: v.pipe(v.number(), v.integer()),
  database: v.literal('pglite'),
  created_at: v.pipe(v.string(), v.isoTimestamp()),
  payload: v.literal('pgdata.tar.gz'),
  bytes: v.pipe(v.number(), v.integer(), v.minValue(1)),
  sha256: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)),
});

export type BackupHeader = v.InferOutput<typeof headerSchema>;

export interface PackedBackup {
  header: BackupHeader;
  /** The header line, then the payload: the file's bytes in order. */
  parts: [Buffer, Buffer];
  size: number;
}

export class NotABackupError extends Error {}

/** Compresses a data-folder tarball (in the thread pool, so the shop keeps serving) and frames it. */
export async function packBackup(tar: Blob, createdAt = new Date()): Promise<PackedBackup> {
  const payload = await promisify(gzip)(Buffer.from(await tar.arrayBuffer()));
  const header: BackupHeader = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    database: 'pglite',
    created_at: createdAt.toISOString(),
    payload: 'pgdata.tar.gz',
    bytes: payload.length,
    sha256: createHash('sha256').update(payload).digest('hex'),
  };
  const line = Buffer.from(`${JSON.stringify(header)}\n`);
  return { header, parts: [line, payload], size: line.length + payload.length };
}

/** The header of a backup file's first bytes; throws `NotABackupError` when they are not one. */
export function parseBackupHeader(start: Buffer, name: string): { header: BackupHeader; headerBytes: number } {
  const end = start.subarray(0, MAX_HEADER_BYTES).indexOf(0x0a);
  const notOurs = new NotABackupError(`${name} is not a backup of this shop (made by npm run db:backup): it does not start with its header`);
  if (end < 0) throw notOurs;
  let json: unknown;
  try {
    json = JSON.parse(start.subarray(0, end).toString('utf8'));
  } catch {
    throw notOurs;
  }
  if (typeof json === 'object' && json !== null && (json as { format?: unknown }).format === BACKUP_FORMAT && typeof (json as { version?: unknown }).version === 'number' && (json as { version: number }).version > BACKUP_VERSION) {
    throw new NotABackupError(`${name} was made by a newer version of the shop (backup format ${(json as { version: number }).version}); update the shop to restore it`);
  }
  const parsed = v.safeParse(headerSchema, json);
  if (!parsed.success) throw notOurs;
  return { header: parsed.output, headerBytes: end + 1 };
}

/**
 * Reads and checks a whole backup file: ours, complete, and its payload's checksum right. Nothing
 * is written; the payload is returned for the restore to unpack.
 */
export async function readBackupFile(file: string): Promise<{ header: BackupHeader; payload: Buffer<ArrayBuffer> }> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new NotABackupError(code === 'ENOENT' ? `${file} does not exist` : `${file} cannot be read (${code ?? String(error)})`);
  }
  try {
    const { size } = await handle.stat();
    const start = Buffer.alloc(Math.min(size, MAX_HEADER_BYTES));
    await handle.read(start, 0, start.length, 0);
    const { header, headerBytes } = parseBackupHeader(start, file);
    const expected = headerBytes + header.bytes;
    if (size < expected) throw new NotABackupError(`${file} is cut short: ${size} of ${expected} bytes (an interrupted copy?)`);
    if (size > expected) throw new NotABackupError(`${file} has ${size - expected} bytes more than its header says: it has been changed`);
    const payload = Buffer.alloc(header.bytes);
    await handle.read(payload, 0, payload.length, headerBytes);
    if (createHash('sha256').update(payload).digest('hex') !== header.sha256) throw new NotABackupError(`${file} is damaged: its checksum does not match`);
    return { header, payload };
  } finally {
    await handle.close();
  }
}
