import { toProductRecord } from '../../../replication/catalog/catalog-records';
import type { FeedDocument } from '../../../replication/catalog/catalog-feed';
import { manualConnectivity } from '../../../src/db/sync/connectivity';
import type { ShopDatabase } from '../../../src/db/database-types';
import { LOCAL, modifyLocal, readLocal } from '../../../src/db/local-state';
import { createShopSync, type ShopSync } from '../../../src/db/sync/shop-sync';
import { fakeBrowser, openTestDatabase } from '../../../src/db/testing/test-database';
import { CLIENT_BASE_URL, type FaultFetch } from './fault-fetch';

/** One browser tab: its own database instance, connectivity and data layer, on the shared fetch. */
export interface Tab {
  db: ShopDatabase;
  online: ReturnType<typeof manualConnectivity>;
  shop: ShopSync;
}

const COLLECTIONS = ['products', 'content', 'cart', 'orders', 'sync_tasks', 'notifications'] as const;
const TAX_RULE = { key: 'taxrule:1', entity: 'taxrule' as const, id: '1', identifier: '', source: { id: 1, code: 'UK VAT', product_tax_class_ids: [2], customer_tax_class_ids: [3], rates: [{ tax_country_id: 'GB', tax_region_id: 0, rate: 20 }] } };

/**
 * Opens `count` tabs of one browser on one fake IndexedDB. The products the scenario buys are put in
 * the local catalogue directly (the catalogue feed has its own suites) and queued orders go without
 * asking (automatic transmission), so that "settled" has one meaning: everything sent.
 */
export async function openTabs(name: string, count: number, net: FaultFetch, products: readonly FeedDocument[]): Promise<Tab[]> {
  const browser = fakeBrowser();
  const tabs: Tab[] = [];
  for (let i = 0; i < count; i++) {
    const db = await openTestDatabase({ browser, name, collections: COLLECTIONS, multiInstance: count > 1, devMode: count > 1, ignoreDuplicate: count > 1 });
    if (i === 0) {
      await db.products.bulkInsert(products.map((doc) => {
        const { _deleted, ...plain } = toProductRecord(doc);
        return plain;
      }));
      await db.content.insert(TAX_RULE);
      await modifyLocal(db, LOCAL.settings, (s) => ({ ...s, automaticTransmission: true }));
    }
    const online = manualConnectivity(true);
    const shop = createShopSync(db, { baseUrl: CLIENT_BASE_URL, fetch: net.fetch, connectivity: online, catalogue: false, lockRetryMs: 50, cartDebounceMs: 10 });
    shop.start();
    tabs.push({ db, online, shop });
  }
  await Promise.race(tabs.map((t) => t.shop.whenLeading()));
  return tabs;
}

export async function closeTabs(tabs: readonly Tab[]): Promise<void> {
  for (const tab of tabs) {
    await tab.shop.stop();
    if (!tab.db.closed) await tab.db.close();
  }
}

/** Every scenario customer's password. */
export const PASSWORD = 'Fault-Tolerant-123';

export const localCart = async (db: ShopDatabase) => Object.fromEntries((await db.cart.find().exec()).map((l) => [l.sku, l.qty]));

/** The order body the checkout sends, from the cart as it is now. */
export async function orderFromCart(db: ShopDatabase, email: string): Promise<Record<string, unknown> | null> {
  const lines = await db.cart.find().exec();
  if (lines.length === 0) return null;
  const { token } = await readLocal(db, LOCAL.cartState);
  const address = { firstname: 'Fay', lastname: 'Ult', street: ['1 High Street'], city: 'Leeds', postcode: 'LS1 1AA', country_id: 'GB', telephone: '0113 496 0000', email };
  return {
    user_id: '',
    cart_id: token,
    products: lines.map((l) => l.toMutableJSON()).map((l) => ({ sku: l.sku, qty: l.qty, product_option: l.product_option })),
    addressInformation: { shippingAddress: address, billingAddress: address, shipping_method_code: 'flatrate', shipping_carrier_code: 'courier', payment_method_code: 'cashondelivery' },
  };
}
