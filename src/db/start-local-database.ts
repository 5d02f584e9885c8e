import { currentStore, storeParams } from '../i18n/store-views';
import { startCatalogIndex } from './catalog/catalog-index';
import { inPageCatalogue } from './catalog/in-page-catalogue';
import { getDatabase } from './database-instance';
import type { ShopDatabase } from './database-types';
import { markCatalogReplicated, registerLocalCatalog } from './catalog/local-catalog';
import { registerLocalContent } from './catalog/local-content';
import { createShopSync, type ShopSync } from './sync/shop-sync';

/** The page's database and its sync, as the screens get them from the shop context. */
export interface LocalShop {
  db: ShopDatabase;
  sync: ShopSync;
}

let started: Promise<LocalShop> | undefined;

/**
 * Opens the page's database, indexes the local catalogue and starts replication. Loaded as a lazy
 * chunk after the first render (RxDB is too heavy for the first paint). The index is built before
 * replication starts, so documents already on the device (an earlier visit) mean "replicated" and
 * documents arriving now are applied from the change stream.
 */
export function startLocalDatabase(): Promise<LocalShop> {
  started ??= (async () => {
    const db = await getDatabase();
    registerLocalContent(db);
    registerLocalCatalog(inPageCatalogue(await startCatalogIndex(db), db));
    // Multistore: every call names the store view, like the screens' own reads (SPEC §7).
    const sync = createShopSync(db, { storeCode: storeParams(currentStore()).storeCode ?? null });
    sync.start();
    void sync.whenCatalogueReplicated().then(markCatalogReplicated, () => undefined);
    return { db, sync };
  })();
  started.catch(() => (started = undefined));
  return started;
}
