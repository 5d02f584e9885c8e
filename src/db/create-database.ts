import { addRxPlugin, createRxDatabase, type RxCollectionCreator, type RxStorage } from 'rxdb';
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election';
import { RxDBLocalDocumentsPlugin } from 'rxdb/plugins/local-documents';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { COLLECTIONS, COLLECTION_NAMES, type CollectionName } from '../../schemas/rx/collections';
import type { CollectionDefinition } from '../../schemas/rx/json-schema';
import { serverDocumentWins } from './conflict-handlers';
import { warmUpCollation } from './collation-warmup';
import type { ShopDatabase } from './database-types';
import { yieldToMain } from './yield-to-main';

/** Collections filled from the catalogue feed; their copies follow the server's document. */
const CATALOGUE: readonly CollectionName[] = ['products', 'categories', 'attributes', 'content'];

export const DATABASE_NAME = 'fixings_shop';

export interface CreateDatabaseOptions {
  name?: string;
  /** IndexedDB to use instead of the browser's (tests pass fake-indexeddb). */
  indexedDB?: { indexedDB: IDBFactory; IDBKeyRange: typeof IDBKeyRange };
  /** Open only these collections; tests with several instances in one process stay under the cap. */
  collections?: readonly CollectionName[];
  /** Change events cross tabs (default true). */
  multiInstance?: boolean;
  /** Dev-mode checks plus schema validation; loaded on demand so it never reaches the production bundle. */
  devMode?: boolean;
  /** A second instance of the same database in one process (a second "tab" in tests); needs devMode. */
  ignoreDuplicate?: boolean;
  /** Keep everything in memory (the browser refused IndexedDB): the data lasts as long as the tab. */
  memory?: boolean;
  /** Other schema versions of some collections (migration tests). */
  definitions?: Partial<Record<CollectionName, CollectionDefinition>>;
}

let pluginsAdded = false;
function addPlugins(): void {
  if (pluginsAdded) return;
  pluginsAdded = true;
  addRxPlugin(RxDBLeaderElectionPlugin);
  addRxPlugin(RxDBLocalDocumentsPlugin);
  addRxPlugin(RxDBMigrationSchemaPlugin);
}

/** Dev-mode is global once added; from then on every storage must carry the validator. */
let devModeActive = false;

async function withDevMode(storage: RxStorage<unknown, unknown>): Promise<RxStorage<unknown, unknown>> {
  devModeActive = true;
  const [devMode, ajv] = await Promise.all([import('rxdb/plugins/dev-mode'), import('rxdb/plugins/validate-ajv')]);
  devMode.disableWarnings();
  addRxPlugin(devMode.RxDBDevModePlugin);
  // Nullable fields are written `type: ['x', 'null']`; ajv's strict mode refuses such unions unless told.
  ajv.getAjv().opts.allowUnionTypes = true;
  return ajv.wrappedValidateAjvStorage({ storage });
}

function collectionCreators(names: readonly CollectionName[], overrides: CreateDatabaseOptions['definitions'] = {}): Record<string, RxCollectionCreator> {
  const creators: Record<string, RxCollectionCreator> = {};
  for (const name of names) {
    const { schema, migrationStrategies } = overrides[name] ?? COLLECTIONS[name];
    creators[name] = {
      schema: schema,
      migrationStrategies: migrationStrategies,
      ...(CATALOGUE.includes(name) ? { conflictHandler: serverDocumentWins as RxCollectionCreator['conflictHandler'] } : {}),
    };
  }
  return creators;
}

/**
 * Opens the shop's database on Dexie/IndexedDB with its collections and local documents. Call it
 * through `getDatabase()` in the app: a page must create it once (see database-instance.ts).
 */
export async function createShopDatabase(options: CreateDatabaseOptions = {}): Promise<ShopDatabase> {
  // The first collection's schema needs the process's first string collator: made on a worker's
  // thread while this one opens the database (see collation-warmup.ts).
  const collation = warmUpCollation();
  addPlugins();
  let storage = (options.memory ? getRxStorageMemory() : getRxStorageDexie(options.indexedDB ?? {})) as RxStorage<unknown, unknown>;
  if (options.devMode || devModeActive) storage = await withDevMode(storage);
  await yieldToMain();
  const db = await createRxDatabase<ShopDatabase['collections']>({
    name: options.name ?? DATABASE_NAME,
    storage,
    multiInstance: options.multiInstance ?? true,
    localDocuments: true,
    ignoreDuplicate: options.ignoreDuplicate ?? false,
    // A reload or hot update may leave an instance of this page open; close it rather than fail (DB8).
    closeDuplicates: !options.ignoreDuplicate,
  });
  await collation;
  // One collection per task: creating one (its schema, its storage instance, a migration check) is a
  // few milliseconds on a phone, all of them at once a single task of 100 ms and more.
  for (const [name, creator] of Object.entries(collectionCreators(options.collections ?? COLLECTION_NAMES, options.definitions))) {
    await yieldToMain();
    await db.addCollections({ [name]: creator });
  }
  return db as ShopDatabase;
}
