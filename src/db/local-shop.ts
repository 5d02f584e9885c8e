import type { ShopDatabase } from './database-types';
import type { ShopSync } from './sync/shop-sync';

/** The page's database and its sync, as the screens get them from the shop context. */
export interface LocalShop {
  db: ShopDatabase;
  sync: ShopSync;
}

/** The browser refused storage (private browsing): the in-memory fallback keeps data only while this tab is open. */
export const keepsDataOnlyInThisTab = (shop: LocalShop): boolean => shop.db.storage.name === 'memory';
