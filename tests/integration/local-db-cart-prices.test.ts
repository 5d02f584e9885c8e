import { describe, expect, it } from 'vitest';
import type { CartLine } from '../../schemas/rx/cart.schema';
import { addProductToCart } from '../../src/db/cart/cart-add';
import { storedProduct } from '../../src/db/catalog/catalog-records';
import type { ShopDatabase } from '../../src/db/database-types';
import { LOCAL, readLocal } from '../../src/db/local-state';
import { checkoutTotals } from '../../src/db/orders/checkout-totals';
import { manualConnectivity } from '../../src/db/sync/connectivity';
import { type ShopSync } from '../../src/db/sync/shop-sync';
import { openTestDatabase } from '../doubles/test-database';
import type { TestServer } from '../helpers/test-server';
import { closedAfterEach, leadingSync, serverForThisFile } from './device-shop';
import { until } from '../helpers/wait-until';
import { testProduct } from './cart-fixtures';

/**
 * A device against the real server: the cart line follows a price import (CSV `sku,price`) that
 * reaches the device's catalogue replica, and a stock import that empties the product's stock.
 */

let server: TestServer;
const SKU = 'LCP-M8-BOLT';
const NAME = 'M8 Hex Bolt';
serverForThisFile([testProduct(995_500, SKU, { name: NAME, price: 3.5 })], (started) => (server = started));

interface Device {
  db: ShopDatabase;
  sync: ShopSync;
  connectivity: ReturnType<typeof manualConnectivity>;
}
const devices = closedAfterEach<Device>();

/** A device that replicates the products and tax rules live and leads its cart sync. */
async function openDevice(): Promise<Device> {
  const db = await openTestDatabase({ collections: ['products', 'content', 'cart', 'orders', 'sync_tasks', 'notifications', 'lists'] });
  const connectivity = manualConnectivity(true);
  // In Node the replication writes this database itself, so its own change stream tells of applied batches.
  const sync = await leadingSync(server, db, { connectivity, catalogue: { only: ['products', 'content'] }, productChanges$: db.products.$ });
  await sync.whenCatalogueReplicated();
  const device = { db, sync, connectivity };
  devices.push(device);
  return device;
}

const importCsv = async (csv: string) => {
  const reply = await server.raw('POST', '/api/catalog/import', csv, { 'x-admin-token': server.ctx.adminToken, 'content-type': 'text/csv; charset=utf-8' });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
};

/** The device's one cart line, once it passes `test`. */
async function lineWhen(device: Device, test: (line: CartLine) => boolean): Promise<CartLine> {
  const read = async () => (await device.db.cart.find().exec())[0]?.toMutableJSON();
  return (await until('the cart line', read, (line) => line !== undefined && test(line), 10_000))!;
}

async function addBolts(device: Device, qty: number): Promise<void> {
  const product = (await storedProduct(device.db, SKU))!.source;
  expect((await addProductToCart(device, { product, productOption: {}, customerGroupId: 0, qty })).added).toBe(true);
}

describe('cart prices on a device', () => {
  it('a price import changes the line once, keeps the old price for the notice, is confirmed by the server, and totals follow; offline the price is not current', async () => {
    await importCsv(`sku,price\n${SKU},3.50\n`);
    const device = await openDevice();
    await until('the new price on the device', () => storedProduct(device.db, SKU), (p) => p?.final_price_pence === 350, 10_000);
    await addBolts(device, 2);
    // The server cart holds and prices the line: it is current.
    const added = await lineWhen(device, (l) => l.price_is_current === true && typeof l.server_item_id === 'number');
    expect(added).toMatchObject({ qty: 2, price_pence: 350, price_incl_tax_pence: 420, price_seen_incl_tax_pence: 420 });

    // Every price the line is written with, in order: one change, no flip back.
    const prices: number[] = [added.price_pence];
    const watch = device.db.cart.$.subscribe((event) => {
      const price = (event.documentData as CartLine).price_pence;
      if (prices.at(-1) !== price) prices.push(price);
    });
    await importCsv(`sku,price\n${SKU},4.00\n`);
    const repriced = await lineWhen(device, (l) => l.price_pence === 400 && l.price_is_current === true);
    watch.unsubscribe();
    expect(repriced).toMatchObject({ qty: 2, price_incl_tax_pence: 480, price_seen_incl_tax_pence: 420 });
    expect(repriced.price_refreshed_at).toBeGreaterThan(Date.now() - 60_000);
    expect(prices).toEqual([350, 400]);

    // The server's totals come again at the new price, and the checkout shows them.
    const state = await until('the platform totals', () => readLocal(device.db, LOCAL.cartState), (s) => (s.platformTotals as { subtotal_incl_tax?: number } | null)?.subtotal_incl_tax === 9.6);
    const totals = await checkoutTotals(device.db, [repriced], state, 'GB', true);
    expect(totals).toMatchObject({ ok: true, source: 'server', totals: { subtotal_incl_tax: 9.6 } });
    // A quantity the shopper did not change: the server cart still holds 2.
    const cartId = state.token!;
    const pulled = await server.request<{ sku: string; qty: number; price: number }[]>('GET', `/api/cart/pull?cartId=${encodeURIComponent(cartId)}`);
    expect(pulled.body.result).toEqual([expect.objectContaining({ sku: SKU, qty: 2, price: 4 })]);

    device.connectivity.set(false);
    await lineWhen(device, (l) => l.price_is_current === false && l.price_refreshed_at === null);
    device.connectivity.set(true);
    await lineWhen(device, (l) => l.price_is_current === true);
  });

  it('a stock import that empties the stock marks the line "Out of the stock!"', async () => {
    await importCsv(`sku,price,qty\n${SKU},4.00,100\n`);
    const device = await openDevice();
    await until('the new stock on the device', () => storedProduct(device.db, SKU), (p) => (p?.source.stock as { qty?: number } | undefined)?.qty === 100, 10_000);
    await addBolts(device, 1);
    await lineWhen(device, (l) => typeof l.server_item_id === 'number');
    await importCsv(`sku,qty\n${SKU},0\n`);
    const line = await lineWhen(device, (l) => l.errors.stock !== undefined);
    expect(line.errors).toEqual({ stock: 'Out of the stock!' });
  });
});
