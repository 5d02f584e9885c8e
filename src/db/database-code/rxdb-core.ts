/**
 * RxDB's core and its Dexie storage, imported on its own by `startLocalDatabase()` after its query
 * code and before the shop's database code, so each is evaluated in a task of its own.
 */
export { createRxDatabase } from 'rxdb';
export { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
