import { currentStore, storeParams } from '../i18n/store-views';
import { startCatalogIndex } from './catalog-index';
import { getDatabase } from './database-instance';
import { markCatalogReplicated, registerLocalCatalog } from './local-catalog';
import { createShopSync, type ShopSync } from './shop-sync';

let started: Promise<ShopSync> | undefined;

/**
 * Opens the page's database, indexes the local catalogue and starts replication. Loaded as a lazy
 * chunk after the first render (RxDB is too heavy for the first paint). The index is built before
 * replication starts, so documents already on the device (an earlier visit) mean "replicated" and
 * documents arriving now are applied from the change stream.
 */
export function startLocalDatabase(): Promise<ShopSync> {
  started ??= (async () => {
    const db = await getDatabase();
    registerLocalCatalog(await startCatalogIndex(db));
    // Multistore: every call names the store view, like the screens' own reads (SPEC §7).
    const sync = createShopSync(db, { storeCode: storeParams(currentStore()).storeCode ?? null });
    sync.start();
    void sync.whenCatalogueReplicated().then(markCatalogReplicated, () => undefined);
    return sync;
  })();
  return started;
}
