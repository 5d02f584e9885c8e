import { registerMutableWriteContext, type BulkWriteRow, type RxCollection, type RxDocumentData, type RxStorageWriteError } from 'rxdb';
import { serverDocumentWins } from '../conflict-handlers';

/** A record built from a feed document: the server's document in `source`, `_deleted` for a removal. */
export interface FeedRecord {
  _deleted: boolean;
  source?: unknown;
}

/** The records are built fresh for the write, so RxDB may stamp its revision on them in place. */
const INSERT_CONTEXT = 'catalog-feed-insert';
const UPDATE_CONTEXT = 'catalog-feed-update';
registerMutableWriteContext(INSERT_CONTEXT);

/** Another writer between the read and the write is rare (only the leader tab writes); give up after a few rounds. */
const MAX_ROUNDS = 4;

type Stored = RxDocumentData<FeedRecord>;

/** Local-only fields (the live price state) do not count: a document whose `source` and deletion are unchanged is left as it is. */
const sameServerDocument = (stored: Stored, record: FeedRecord) => serverDocumentWins.isEqual(stored, record, 'catalog-feed');

const asDocument = (record: FeedRecord, previous?: Stored): Stored => ({ ...record, _attachments: {}, _meta: { lwt: 0 }, _rev: previous?._rev ?? '' });

function failure(error: RxStorageWriteError<FeedRecord>): Error {
  return new Error(`The local catalogue refused document ${error.documentId} (${error.status})`);
}

/**
 * Writes one feed batch into a catalogue collection's storage, without RxDB's replication protocol:
 * the replica is read-only and the server masters every document, so there is no fork state to
 * reconcile and no per-document replication metadata to keep. New documents go in as plain inserts
 * (the common case: a first download is all inserts, one transaction per batch); documents the
 * storage already holds come back as conflicts carrying the stored version and are then written as
 * updates of that version. A removal of a document this device never had is not stored at all.
 * Writes go through the collection's storage, so its change events (the local index, other tabs)
 * fire as for any write.
 */
export async function writeFeedRecords(collection: RxCollection, records: readonly FeedRecord[]): Promise<void> {
  if (records.length === 0) return;
  const primary = collection.schema.primaryPath;
  const keyOf = (doc: object) => String((doc as Record<string, unknown>)[primary]);
  const storage = collection.storageInstance as unknown as RxCollection<FeedRecord>['storageInstance'];
  // A batch holds each document once; should it not, its last version is the one to keep.
  const latest = new Map<string, FeedRecord>();
  for (const record of records) latest.set(keyOf(record), record);
  const removals = [...latest.values()].filter((r) => r._deleted);
  const [inserted, held] = await Promise.all([
    storage.bulkWrite(
      [...latest.values()].filter((r) => !r._deleted).map((r) => ({ document: asDocument(r) })),
      INSERT_CONTEXT,
    ),
    removals.length ? storage.findDocumentsById(removals.map(keyOf), false) : Promise.resolve([]),
  ]);
  let stored: Stored[] = [...held];
  for (const error of inserted.error) {
    if (error.status !== 409 || !('documentInDb' in error)) throw failure(error);
    stored.push(error.documentInDb);
  }
  for (let round = 0; stored.length > 0; round++) {
    if (round === MAX_ROUNDS) throw new Error(`The local catalogue kept changing while ${stored.length} documents were written`);
    const rows: BulkWriteRow<FeedRecord>[] = [];
    for (const previous of stored) {
      const record = latest.get(keyOf(previous))!;
      if (!sameServerDocument(previous, record)) rows.push({ previous, document: asDocument(record, previous) });
    }
    if (rows.length === 0) return;
    const result = await storage.bulkWrite(rows, UPDATE_CONTEXT);
    stored = [];
    for (const error of result.error) {
      if (error.status !== 409 || !('documentInDb' in error)) throw failure(error);
      stored.push(error.documentInDb);
    }
  }
}
