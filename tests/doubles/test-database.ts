import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createShopDatabase, type CreateDatabaseOptions } from '../../src/db/create-database';
import type { ShopDatabase } from '../../src/db/database-types';

/** A fresh in-memory IndexedDB, shared by every database opened on it (tabs of one browser). */
export function fakeBrowser(): { indexedDB: IDBFactory; IDBKeyRange: typeof IDBKeyRange } {
  return { indexedDB: new IDBFactory(), IDBKeyRange };
}

let counter = 0;
/** A database over fake-indexeddb for tests; pass the same `browser` and name to open a second tab. */
export function openTestDatabase(options: CreateDatabaseOptions & { browser?: ReturnType<typeof fakeBrowser> } = {}): Promise<ShopDatabase> {
  const { browser, ...rest } = options;
  return createShopDatabase({ name: `test_${process.pid}_${++counter}`, indexedDB: browser ?? fakeBrowser(), multiInstance: false, ...rest });
}
