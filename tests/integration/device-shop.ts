import { afterAll, afterEach, beforeAll } from 'vitest';
import type { FeedDocument } from '../../replication/catalog/catalog-feed';
import { toProductRecord } from '../../replication/catalog/catalog-records';
import type { ShopDatabase } from '../../src/db/database-types';
import { LOCAL, readLocal } from '../../src/db/local-state';
import { manualConnectivity } from '../../src/db/sync/connectivity';
import { manualLeadership } from '../../src/db/sync/tab-leadership';
import { createShopSync, type ShopSync, type ShopSyncOptions } from '../../src/db/sync/shop-sync';
import { recordingFetch, type RecordingFetch } from '../doubles/recording-fetch';
import { openTestDatabase } from '../doubles/test-database';
import type { Doc } from '../../src/domain/catalog-query/types';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { GB_ADDRESS, importProducts } from './cart-fixtures';

/**
 * A shopper's device against the real server, for the local-database suites: a test database
 * holding products as the catalogue replication would have left them, and the shop's sync.
 */

/**
 * The real server on a database of its own for this file's tests: started before them with
 * `products` imported (the import also owns their stock rows, as a shop owner's would), closed after
 * them. `started` hands it to the file, which keeps it in its own `server` variable.
 */
export function serverForThisFile(products: Record<string, unknown>[], started: (server: TestServer) => void): void {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer();
    if (products.length > 0) await importProducts(server, products);
    started(server);
  });
  afterAll(async () => server?.close());
}

/** The collections a storefront page opens. */
export const SHOP_COLLECTIONS = ['products', 'content', 'cart', 'orders', 'sync_tasks', 'notifications', 'lists'] as const;

/** UK VAT (20 % on tax class 2 for retail customers) as the device stores the tax rule. */
export const UK_VAT_RECORD = {
  key: 'taxrule:1',
  entity: 'taxrule' as const,
  id: '1',
  identifier: '',
  source: { id: 1, code: 'UK VAT', product_tax_class_ids: [2], customer_tax_class_ids: [3], rates: [{ tax_country_id: 'GB', tax_region_id: 0, rate: 20 }] },
};

/** The server's catalogue document of a product, by SKU. */
export async function serverProduct(server: TestServer, sku: string): Promise<Doc> {
  const [row] = await server.ctx.db.query<{ doc: Doc }>("select doc from catalog_documents where entity = 'product' and doc->>'sku' = $1", [sku]);
  if (!row) throw new Error(`no product ${sku} on the server`);
  return row.doc;
}

/** Stores a product document on the device as the catalogue feed would (over the stored one); gives its source. */
export async function storeProduct(db: ShopDatabase, doc: Doc): Promise<Doc> {
  const { _deleted, ...record } = toProductRecord({ ...doc, _entity: 'product', _deleted: false } as FeedDocument);
  await db.products.upsert(record);
  return record.source;
}

/** Copies these products from the server's catalogue to the device. */
export async function copyProducts(server: TestServer, db: ShopDatabase, skus: readonly string[]): Promise<void> {
  for (const sku of skus) await storeProduct(db, await serverProduct(server, sku));
}

/** A device's database and its sync, as a test opened them. */
interface Opened {
  db: ShopDatabase;
  sync: ShopSync;
}

/** Stops a device's sync and closes its database (unless the test closed it). */
export async function closeDevice(device: Opened): Promise<void> {
  await device.sync.stop();
  if (!device.db.closed) await device.db.close();
}

/** A list for the devices a test opens: each is closed after the test (by `close`, closeDevice unless given). */
export function closedAfterEach<T extends Opened>(): T[];
export function closedAfterEach<T>(close: (device: T) => Promise<void>): T[];
export function closedAfterEach<T>(close?: (device: T) => Promise<void>): T[] {
  const opened: T[] = [];
  afterEach(async () => {
    for (const device of opened.splice(0)) await (close ? close(device) : closeDevice(device as Opened));
  });
  return opened;
}

/** The shop's sync on `db` against `server` (no catalogue replication unless asked), started and leading. */
export async function leadingSync(server: TestServer, db: ShopDatabase, options: ShopSyncOptions = {}): Promise<ShopSync> {
  const sync = createShopSync(db, { baseUrl: server.url, catalogue: false, lockRetryMs: 50, ...options });
  sync.start();
  await sync.whenLeading();
  return sync;
}

export interface DevicePage {
  db: ShopDatabase;
  /** The page's requests, as recorded (and cut when asked). */
  net: RecordingFetch;
  online: ReturnType<typeof manualConnectivity>;
  /** Whether the page leads its device's sync: it does until the test says otherwise. */
  leadership: ReturnType<typeof manualLeadership>;
  sync: ShopSync;
}

/**
 * Opens device pages on `server()`: each a fresh database with the shop's collections holding `skus`
 * (and UK VAT unless `taxRule: false`), its sync started (without catalogue replication) and leading.
 * Every page a test opened is stopped and closed after it.
 */
export function devicePages(server: () => TestServer, skus: readonly string[], options: { taxRule?: boolean; sync?: ShopSyncOptions } = {}): () => Promise<DevicePage> {
  const pages = closedAfterEach<DevicePage>();
  return async () => {
    const db = await openTestDatabase({ collections: [...SHOP_COLLECTIONS] });
    await copyProducts(server(), db, skus);
    if (options.taxRule !== false) await db.content.insert(UK_VAT_RECORD);
    const net = recordingFetch();
    const online = manualConnectivity(true);
    const leadership = manualLeadership(true);
    const sync = await leadingSync(server(), db, { fetch: net.fetch, connectivity: online, leadership, ...options.sync });
    const page = { db, net, online, leadership, sync };
    pages.push(page);
    return page;
  };
}

/**
 * The checkout's order body from the device's cart as it is now (the review step builds the same),
 * for the signed-in customer (or a guest), shipped to a GB address by courier, cash on delivery.
 */
export async function checkoutBodyOf(db: ShopDatabase, email: string, name: { first: string; last: string }): Promise<Record<string, unknown>> {
  const lines = (await db.cart.find().exec()).map((d) => d.toMutableJSON());
  const user = await readLocal(db, LOCAL.currentUser);
  return {
    user_id: typeof user?.id === 'number' || typeof user?.id === 'string' ? String(user.id) : '',
    cart_id: (await readLocal(db, LOCAL.cartState)).token,
    products: lines.map((l) => ({ sku: l.sku, qty: l.qty, product_option: l.product_option, checksum: l.checksum })),
    addressInformation: { shippingAddress: { ...GB_ADDRESS, email }, billingAddress: { ...GB_ADDRESS, email }, shipping_method_code: 'flatrate', shipping_carrier_code: 'courier', payment_method_code: 'cashondelivery' },
    personalDetails: { firstName: name.first, lastName: name.last, emailAddress: email, createAccount: false },
  };
}
