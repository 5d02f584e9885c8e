import { mkdir } from 'node:fs/promises';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Database, Queryable } from './database';

function wrap(target: PGlite | Transaction): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<T>(sql, params as unknown[]);
      return result.rows;
    },
  };
}

/** Embedded PostgreSQL in a folder: a new shop needs no database server. */
export async function openPgliteDatabase(dataDir: string | undefined, loadDataDir?: Blob): Promise<Database> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  // loadDataDir: a tarball of a data folder (a backup) unpacked into the new, empty dataDir.
  const pg = await PGlite.create({ ...(dataDir ? { dataDir } : {}), ...(loadDataDir ? { loadDataDir } : {}), extensions: { pg_trgm } });
  const root = wrap(pg);
  return {
    kind: 'pglite',
    query: (sql, params) => root.query(sql, params),
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    async listen(channel, onMessage) {
      const unsubscribe = await pg.listen(channel, onMessage);
      return async () => unsubscribe();
    },
    channel: (name) => name,
    close: () => pg.close(),
    async dumpDataDir() {
      // A checkpoint first writes committed changes into the tables' files, so a restore has little
      // write-ahead log to replay. Every query and transaction of this PGlite holds its transaction
      // lock, so under that lock none is half done (PGlite's own dumpDataDir waits only for the
      // statement running, not for the rest of an open transaction). Uncompressed: the caller
      // compresses after the lock is released, so orders wait for the copy only, not for gzip.
      await pg.exec('CHECKPOINT');
      return pg._runExclusiveTransaction(() => pg.dumpDataDir('none'));
    },
  };
}
