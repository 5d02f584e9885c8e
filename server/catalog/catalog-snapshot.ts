import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import v8 from 'node:v8';
import type { TextIndexState } from '../../src/domain/catalog-query/text-index';
import type { Doc } from '../../src/domain/catalog-query/types';
import type { Queryable } from '../db/database';
import type { CatalogEntity } from './catalog-store';
import { textIndexFormat } from './search-index';
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
 * length and SHA-1, and each entity's document count and byte length), then the payload: per entity,
 * `v8.serialize` of its documents in columns (`snapshot-codec.ts`) with their sequence numbers, in
 * change order as a database load reads them, so the index built from it is the one a database load
 * builds, and the entity's text index when it is the one a build over them in that order makes
 * (`SearchIndex.snapshot`): a start then restores it instead of tokenizing every document again.
 * The header names the text index format (`textIndexFormat`); a saved text index of another
 * format is never restored: the start builds it from the documents and writes the snapshot again.
 * Entities are decoded one at a time (`SnapshotPart.read`), so a start holds one entity's
 * columns beside the catalogue being built, not the whole file's decoded at once.
 */
export const SNAPSHOT_FILE = 'catalog-snapshot.bin';

/** Raise when the payload's layout or what a document holds changes: older files are then ignored. */
export const SNAPSHOT_FORMAT = 4;
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
  /** The text index of `docs` in this order, when saved (and, when read, of the current format). */
  text?: TextIndexState;
}

interface Header {
  format: number;
  stamp: SnapshotStamp;
  /** `textIndexFormat()` of the writer: the saved text indexes are of that format. */
  textIndex: string;
  bytes: number;
  /** The payload's parts in order: each entity's document count, serialized length and SHA-1. */
  entities: { entity: CatalogEntity; count: number; bytes: number; sha1: string }[];
}

/** One entity's part of the payload. */
interface EntityPayload {
  seqs: Float64Array;
  docs: EncodedDocs;
  text?: TextIndexState;
}

/** One entity of a snapshot whose header, stamp and checksum are good, decoded when read. */
export interface SnapshotPart {
  entity: CatalogEntity;
  count: number;
  /** The entity's documents and sequence numbers; rejects when its part is damaged or malformed. */
  read(): Promise<SnapshotEntity>;
}

/** `textIndexStale`: why the saved text indexes are not used (of another format), when not. */
export type SnapshotRead = { ok: true; entities: SnapshotPart[]; textIndexStale?: string; close(): Promise<void> } | { ok: false; reason: string; damaged: boolean };

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

/**
 * Writes the snapshot atomically (a temporary file renamed over the old one). `textIndex`: the format
 * of the entities' text indexes (tests write another to stand for an older one).
 */
export async function writeSnapshot(file: string, stamp: SnapshotStamp, entities: readonly SnapshotEntity[], textIndex = textIndexFormat()): Promise<{ bytes: number }> {
  const parts = entities.map(({ docs, seqs, text }) => v8.serialize({ seqs: Float64Array.from(seqs), docs: encodeDocs(docs), ...(text ? { text } : {}) } satisfies EntityPayload));
  const bodyBytes = parts.reduce((sum, part) => sum + part.length, 0);
  const header: Header = {
    format: SNAPSHOT_FORMAT,
    stamp,
    textIndex,
    bytes: bodyBytes,
    entities: entities.map(({ entity, docs }, i) => ({ entity, count: docs.length, bytes: parts[i]!.length, sha1: createHash('sha1').update(parts[i]!).digest('hex') })),
  };
  const headerBytes = Buffer.from(JSON.stringify(header));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(headerBytes.length);
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.partial`;
  // On PostgreSQL nothing else creates DATA_DIR: without this every start read the whole database.
  // Not `recursive`: on Node 20 a recursive mkdir where the system answers ENOENT for a parent that
  // exists (under /proc, say) never settles, and the shop could then never stop.
  await mkdir(path.dirname(file)).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  try {
    const handle = await open(temporary, 'w', 0o600);
    try {
      await handle.writev([MAGIC, length, headerBytes, ...parts]);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return { bytes: MAGIC.length + 4 + headerBytes.length + bodyBytes };
}

/**
 * The snapshot's entities when its stamp is `expected` and its size and document counts are the
 * header's; else why not. Nothing but the header is read here: each entity's part is read from the
 * file, checked against its SHA-1 and decoded when its `read` is called, so a start holds one
 * entity's bytes and columns at a time. Call `close` when done with the parts.
 */
export async function readSnapshot(file: string, expected: SnapshotStamp): Promise<SnapshotRead> {
  let handle: FileHandle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    return { ok: false, reason: missing ? 'no snapshot' : `unreadable: ${(error as Error).message}`, damaged: !missing };
  }
  const readAt = async (position: number, length: number): Promise<Buffer> => {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, position);
    if (bytesRead !== length) throw new Error(`${bytesRead} bytes at ${position}, ${length} expected`);
    return buffer;
  };
  let keepOpen = false;
  try {
    const size = (await handle.stat()).size;
    if (size < MAGIC.length + 4) return { ok: false, reason: 'not a catalogue snapshot', damaged: true };
    const start = await readAt(0, MAGIC.length + 4);
    if (!start.subarray(0, MAGIC.length).equals(MAGIC)) return { ok: false, reason: 'not a catalogue snapshot', damaged: true };
    const headerLength = start.readUInt32BE(MAGIC.length);
    const bodyStart = MAGIC.length + 4 + headerLength;
    if (bodyStart > size) return { ok: false, reason: 'truncated header', damaged: true };
    const header = JSON.parse((await readAt(MAGIC.length + 4, headerLength)).toString('utf8')) as Partial<Header>;
    if (header.format !== SNAPSHOT_FORMAT) return { ok: false, reason: `format ${String(header.format)}, not ${SNAPSHOT_FORMAT}`, damaged: false };
    if (!header.stamp || !sameStamp(header.stamp, expected)) {
      return { ok: false, reason: `stale (${JSON.stringify(header.stamp)}; the database is at ${JSON.stringify(expected)})`, damaged: false };
    }
    if (size - bodyStart !== header.bytes) return { ok: false, reason: `${size - bodyStart} payload bytes, the header says ${String(header.bytes)}`, damaged: true };
    if (!Array.isArray(header.entities)) return { ok: false, reason: 'payload without entities', damaged: true };
    const live = header.entities.reduce((sum, { count }) => sum + count, 0);
    if (live !== expected.live) return { ok: false, reason: `${live} documents, the stamp says ${expected.live}`, damaged: true };
    const textIndexStale = header.textIndex === textIndexFormat() ? undefined : `text index format ${String(header.textIndex)}, not ${textIndexFormat()}`;
    let at = bodyStart;
    const entities = header.entities.map(({ entity, count, bytes, sha1 }): SnapshotPart => {
      const position = at;
      at += bytes;
      return {
        entity,
        count,
        read: async () => {
          const part = await readAt(position, bytes);
          if (createHash('sha1').update(part).digest('hex') !== sha1) throw new Error(`${entity}: checksum mismatch`);
          return decodeEntity(entity, count, part, textIndexStale === undefined);
        },
      };
    });
    if (at !== size) return { ok: false, reason: `entities of ${at - bodyStart} bytes in a payload of ${header.bytes}`, damaged: true };
    keepOpen = true;
    return { ok: true, entities, ...(textIndexStale ? { textIndexStale } : {}), close: () => handle.close() };
  } catch (error) {
    return { ok: false, reason: `unreadable: ${error instanceof Error ? error.message : String(error)}`, damaged: true };
  } finally {
    if (!keepOpen) await handle.close();
  }
}

/** `withText`: the saved text index is of the current format (else it is left out). */
function decodeEntity(entity: CatalogEntity, count: number, part: Buffer, withText: boolean): SnapshotEntity {
  const { seqs, docs, text } = v8.deserialize(part) as Partial<EntityPayload>;
  if (!(seqs instanceof Float64Array) || !docs) throw new Error(`${entity}: sequence numbers or documents missing`);
  const decoded = decodeDocs(docs);
  if (decoded.length !== seqs.length || decoded.length !== count) throw new Error(`${entity}: ${decoded.length} documents, ${seqs.length} sequence numbers, ${count} in the header`);
  if (text !== undefined && (text === null || typeof text !== 'object')) throw new Error(`${entity}: text index malformed`);
  return { entity, docs: decoded, seqs: Array.from(seqs), ...(withText && text ? { text } : {}) };
}

/** Removes a snapshot (a damaged one, before it is written again). */
export async function removeSnapshot(file: string): Promise<void> {
  await rm(file, { force: true });
}
