import { createHash, randomBytes } from 'node:crypto';
import { open, readFile, rename, rm } from 'node:fs/promises';
import v8 from 'node:v8';
import type { Doc } from '../../src/domain/catalog-query/types';
import type { Queryable } from '../db/database';
import type { CatalogEntity } from './catalog-store';
import { decodeDocs, encodeDocs, type EncodedDocs } from './snapshot-codec';

/**
 * The catalogue as the last start (or the last change) left it, in `DATA_DIR`, so a start on an
 * unchanged database skips reading every document back from it (at 50,000 products most of the
 * start-up). It is a cache and never the truth: it is used only when its stamp is the database's
 * current one (the same database, the same newest change sequence number and the same number of
 * live documents), and a file that is missing, of another format, stale, damaged or unreadable is
 * ignored and replaced after the catalogue is loaded from the database.
 *
 * File: `MAGIC`, the header's length (uint32, big-endian), the header (JSON: format, stamp, payload
 * length and SHA-1), then the payload: `v8.serialize` of the entities' documents in columns
 * (`snapshot-codec.ts`) with their sequence numbers, in change order as a database load reads them,
 * so the index built from it is the one a database load builds.
 */
export const SNAPSHOT_FILE = 'catalog-snapshot.bin';

/** Raise when the payload's layout or what a document holds changes: older files are then ignored. */
export const SNAPSHOT_FORMAT = 1;
const MAGIC = Buffer.from('FDCATSNP');

export interface SnapshotStamp {
  /** The database the catalogue came from (`databaseIdentity`). */
  database: string;
  /** Newest change sequence number of the catalogue. */
  seq: number;
  /** Live documents of every catalogue entity. */
  live: number;
}

export interface SnapshotEntity {
  entity: CatalogEntity;
  docs: Doc[];
  seqs: number[];
}

interface Header {
  format: number;
  stamp: SnapshotStamp;
  bytes: number;
  sha1: string;
}

interface Payload {
  entities: { entity: CatalogEntity; seqs: Float64Array; docs: EncodedDocs }[];
}

export type SnapshotRead = { ok: true; entities: SnapshotEntity[] } | { ok: false; reason: string; damaged: boolean };

/**
 * Which database this is: its cluster's system identifier (new for every initdb, so another PGlite
 * folder or PostgreSQL server never matches), database and schema.
 */
export async function databaseIdentity(db: Queryable): Promise<string> {
  const rows = await db.query<{ name: string; schema: string }>('select current_database() as name, current_schema() as schema');
  // pg_control_system() may be refused to a PostgreSQL role that is not allowed to read server settings.
  const system = await db
    .query<{ id: string }>('select system_identifier::text as id from pg_control_system()')
    .then((result) => result[0]?.id ?? '', () => 'unknown');
  return `${system}/${rows[0]?.name ?? ''}/${rows[0]?.schema ?? ''}`;
}

const sameStamp = (a: SnapshotStamp, b: SnapshotStamp) => a.database === b.database && a.seq === b.seq && a.live === b.live;

/** Writes the snapshot atomically (a temporary file renamed over the old one). */
export async function writeSnapshot(file: string, stamp: SnapshotStamp, entities: readonly SnapshotEntity[]): Promise<{ bytes: number }> {
  const payload: Payload = {
    entities: entities.map(({ entity, docs, seqs }) => ({ entity, seqs: Float64Array.from(seqs), docs: encodeDocs(docs) })),
  };
  const body = v8.serialize(payload);
  const header: Header = { format: SNAPSHOT_FORMAT, stamp, bytes: body.length, sha1: createHash('sha1').update(body).digest('hex') };
  const headerBytes = Buffer.from(JSON.stringify(header));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(headerBytes.length);
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.partial`;
  try {
    const handle = await open(temporary, 'w', 0o600);
    try {
      await handle.writev([MAGIC, length, headerBytes, body]);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return { bytes: MAGIC.length + 4 + headerBytes.length + body.length };
}

/** The snapshot's documents when its stamp is `expected` and it reads back whole; else why not. */
export async function readSnapshot(file: string, expected: SnapshotStamp): Promise<SnapshotRead> {
  let data: Buffer;
  try {
    data = await readFile(file);
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    return { ok: false, reason: missing ? 'no snapshot' : `unreadable: ${(error as Error).message}`, damaged: !missing };
  }
  try {
    if (data.length < MAGIC.length + 4 || !data.subarray(0, MAGIC.length).equals(MAGIC)) return { ok: false, reason: 'not a catalogue snapshot', damaged: true };
    const headerLength = data.readUInt32BE(MAGIC.length);
    const bodyStart = MAGIC.length + 4 + headerLength;
    if (bodyStart > data.length) return { ok: false, reason: 'truncated header', damaged: true };
    const header = JSON.parse(data.subarray(MAGIC.length + 4, bodyStart).toString('utf8')) as Partial<Header>;
    if (header.format !== SNAPSHOT_FORMAT) return { ok: false, reason: `format ${String(header.format)}, not ${SNAPSHOT_FORMAT}`, damaged: false };
    if (!header.stamp || !sameStamp(header.stamp, expected)) {
      return { ok: false, reason: `stale (${JSON.stringify(header.stamp)}; the database is at ${JSON.stringify(expected)})`, damaged: false };
    }
    const body = data.subarray(bodyStart);
    if (body.length !== header.bytes) return { ok: false, reason: `${body.length} payload bytes, the header says ${String(header.bytes)}`, damaged: true };
    if (createHash('sha1').update(body).digest('hex') !== header.sha1) return { ok: false, reason: 'checksum mismatch', damaged: true };
    const payload = v8.deserialize(body) as Payload;
    if (!Array.isArray(payload?.entities)) return { ok: false, reason: 'payload without entities', damaged: true };
    const entities = payload.entities.map(({ entity, seqs, docs }) => {
      if (!(seqs instanceof Float64Array)) throw new Error(`${entity}: sequence numbers missing`);
      const decoded = decodeDocs(docs);
      if (decoded.length !== seqs.length) throw new Error(`${entity}: ${decoded.length} documents, ${seqs.length} sequence numbers`);
      return { entity, docs: decoded, seqs: Array.from(seqs) };
    });
    const live = entities.reduce((sum, { docs }) => sum + docs.length, 0);
    if (live !== expected.live) return { ok: false, reason: `${live} documents, the stamp says ${expected.live}`, damaged: true };
    return { ok: true, entities };
  } catch (error) {
    return { ok: false, reason: `unreadable: ${error instanceof Error ? error.message : String(error)}`, damaged: true };
  }
}

/** Removes a snapshot (a damaged one, before it is written again). */
export async function removeSnapshot(file: string): Promise<void> {
  await rm(file, { force: true });
}
