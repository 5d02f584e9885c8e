import { toProductRecord } from '../../../replication/catalog/catalog-records';
import type { FeedDocument } from '../../../replication/catalog/catalog-feed';
import { manualConnectivity } from '../../../src/db/sync/connectivity';
import type { ShopDatabase } from '../../../src/db/database-types';
import { LOCAL, modifyLocal, readLocal } from '../../../src/db/local-state';
import { createShopSync, type ShopSync, type ShopSyncOptions } from '../../../src/db/sync/shop-sync';
import { fakeBrowser, openTestDatabase } from '../../doubles/test-database';
import { CLIENT_BASE_URL, type FaultFetch } from './fault-fetch';
import { networkFailure } from './fault-replies';
import { scaled } from '../../helpers/time-limits';

/**
 * The client's per-request time-out in the scenarios: short, so a hung request costs little, but grown
 * with the machine's load like every other limit. At a fixed 1.5 s a soak at load 17 had its setup
 * sign-ins (a password hash each) time out before any fault was injected.
 */
export const clientTimeoutMs = (): number => scaled(1500);
/** First wait of the leader's timer-driven retries of queued work. */
export const CLIENT_RETRY_BASE_MS = 250;

/** One browser tab: its own database instance, connectivity and data layer, on the shared network. */
export interface Tab {
  index: number;
  /** 0 for the first page load of this tab, +1 per reload. */
  load: number;
  db: ShopDatabase;
  online: ReturnType<typeof manualConnectivity>;
  shop: ShopSync;
  /** Cuts this page's requests when it goes (a reload), as a browser does. */
  page: AbortController;
}

/** One browser (one fake IndexedDB) and the tabs open in it. */
export interface Browser {
  name: string;
  /** Which device of the customer this is, as the trace names its requests ("device", "other device"). */
  device: string;
  storage: ReturnType<typeof fakeBrowser>;
  net: FaultFetch;
  /** This device alone has no connection (the other device of the customer may have one). */
  offline: boolean;
  tabs: Tab[];
  /** Closed pages, kept until the scenario ends so their late work is accounted for. */
  closed: Tab[];
  /** Requests a page tried after it was gone (work its data layer did not stop). */
  lateRequests: string[];
}

const COLLECTIONS = ['products', 'content', 'cart', 'orders', 'sync_tasks', 'notifications'] as const;
const TAX_RULE = { key: 'taxrule:1', entity: 'taxrule' as const, id: '1', identifier: '', source: { id: 1, code: 'UK VAT', product_tax_class_ids: [2], customer_tax_class_ids: [3], rates: [{ tax_country_id: 'GB', tax_region_id: 0, rate: 20 }] } };

/** The page's fetch: the shared faulty network (its trace naming the device and tab), cut when the page goes. */
function pageFetch(browser: Browser, page: AbortController, index: number, load: number): typeof fetch {
  const send = browser.net.fetchAs(`${browser.device} tab ${index}${load > 0 ? ` (load ${load + 1})` : ''}`);
  return async (input, init) => {
    if (page.signal.aborted) {
      browser.lateRequests.push(`${init?.method ?? 'GET'} ${new URL(input instanceof Request ? input.url : String(input)).pathname}`);
      throw networkFailure('the page is gone', 'ECONNABORTED');
    }
    if (browser.offline) throw networkFailure('connect ENETUNREACH', 'ENETUNREACH');
    const signal = init?.signal ? AbortSignal.any([init.signal, page.signal]) : page.signal;
    return send(input, { ...init, signal });
  };
}

async function openTab(browser: Browser, index: number, load: number, multiInstance: boolean): Promise<Tab> {
  const db = await openTestDatabase({ browser: browser.storage, name: browser.name, collections: COLLECTIONS, multiInstance, devMode: multiInstance, ignoreDuplicate: multiInstance });
  const online = manualConnectivity(true);
  const page = new AbortController();
  // timeoutMs and retryBaseMs: options of the data layer being added; an older one ignores them.
  const options: ShopSyncOptions & { timeoutMs: number; retryBaseMs: number } = {
    baseUrl: CLIENT_BASE_URL,
    fetch: pageFetch(browser, page, index, load),
    connectivity: online,
    catalogue: false,
    lockRetryMs: 50,
    cartDebounceMs: 10,
    timeoutMs: clientTimeoutMs(),
    retryBaseMs: CLIENT_RETRY_BASE_MS,
  };
  const shop = createShopSync(db, options);
  shop.start();
  // As the page does (open-local-shop.ts): the shopper meets the cart once the page has opened.
  await (shop as { whenOpened?: () => Promise<void> }).whenOpened?.();
  return { index, load, db, online, shop, page };
}

/**
 * Opens `count` tabs of one browser on one fake IndexedDB. The products the scenario buys are put in
 * the local catalogue directly (the catalogue feed has its own suites) and queued orders go without
 * asking (automatic transmission), so that "settled" has one meaning: everything sent.
 */
export async function openBrowser(name: string, count: number, net: FaultFetch, products: readonly FeedDocument[], device = 'device'): Promise<Browser> {
  const browser: Browser = { name, device, storage: fakeBrowser(), net, offline: false, tabs: [], closed: [], lateRequests: [] };
  try {
    await openTabs(browser, count, products);
  } catch (error) {
    // A tab that could not open must not leave the others' collections open for the next scenario.
    await closeBrowser(browser);
    throw error;
  }
  await Promise.race(browser.tabs.map((t) => t.shop.whenLeading()));
  return browser;
}

async function openTabs(browser: Browser, count: number, products: readonly FeedDocument[]): Promise<void> {
  for (let i = 0; i < count; i++) {
    const tab = await openTab(browser, i, 0, count > 1);
    browser.tabs.push(tab);
    if (i === 0) {
      await tab.db.products.bulkInsert(
        products.map((doc) => {
          const { _deleted, ...plain } = toProductRecord(doc);
          return plain;
        }),
      );
      await tab.db.content.insert(TAX_RULE);
      await modifyLocal(tab.db, LOCAL.settings, (s) => ({ ...s, automaticTransmission: true }));
    }
  }
}

async function closeTab(tab: Tab): Promise<void> {
  tab.page.abort(networkFailure('the page is gone', 'ECONNABORTED'));
  await tab.shop.stop();
  if (!tab.db.closed) await tab.db.close();
}

/** The tab's page reloads: its data layer stops and its requests are cut, a new one opens on the same storage. */
export async function reloadTab(browser: Browser, index: number): Promise<Tab> {
  const old = browser.tabs[index]!;
  const wasOnline = old.online.isOnline();
  await closeTab(old);
  browser.closed.push(old);
  const tab = await openTab(browser, index, old.load + 1, browser.tabs.length > 1);
  if (!wasOnline) tab.online.set(false);
  browser.tabs[index] = tab;
  // A lone tab leads at once; with two, RxDB's election may take a moment.
  if (browser.tabs.length === 1) await tab.shop.whenLeading();
  return tab;
}

export async function closeBrowser(browser: Browser): Promise<void> {
  for (const tab of browser.tabs) await closeTab(tab);
  browser.closed.push(...browser.tabs);
  browser.tabs = [];
}

/** Every scenario customer's password. */
export const PASSWORD = 'Fault-Tolerant-123';

export const localCart = async (db: ShopDatabase) => Object.fromEntries((await db.cart.find().exec()).map((l) => [l.sku, l.qty]));

/** The order body the checkout sends, from the cart as the tab shows it now (no order_id: the checkout's is used). */
export async function orderFromCart(db: ShopDatabase, email: string): Promise<Record<string, unknown> | null> {
  const lines = await db.cart.find().exec();
  if (lines.length === 0) return null;
  const [{ token }, user] = await Promise.all([readLocal(db, LOCAL.cartState), readLocal(db, LOCAL.currentUser)]);
  const address = { firstname: 'Fay', lastname: 'Ult', street: ['1 High Street'], city: 'Leeds', postcode: 'LS1 1AA', country_id: 'GB', telephone: '0113 496 0000', email };
  const userId = user && (typeof user.id === 'number' || typeof user.id === 'string') ? String(user.id) : '';
  return {
    user_id: (await readLocal(db, LOCAL.session)).token ? userId : '',
    ...(token ? { cart_id: token } : {}),
    products: lines.map((l) => l.toMutableJSON()).map((l) => ({ sku: l.sku, qty: l.qty, product_option: l.product_option, checksum: l.checksum })),
    addressInformation: { shippingAddress: address, billingAddress: address, shipping_method_code: 'flatrate', shipping_carrier_code: 'courier', payment_method_code: 'cashondelivery' },
    personalDetails: { firstName: 'Fay', lastName: 'Ult', emailAddress: email, createAccount: false },
  };
}
