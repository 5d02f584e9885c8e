import { describe, expect, it } from 'vitest';
import { addProductToCart } from '../../src/db/cart/cart-add';
import { changeQuantity } from '../../src/db/cart/cart-quantity';
import { LOCAL, readLocal } from '../../src/db/local-state';
import { FORM_MESSAGES } from '../../schemas/forms/form-messages';
import type { TestServer } from '../helpers/test-server';
import { type DevicePage, devicePages, serverForThisFile } from './device-shop';
import { testProduct } from './cart-fixtures';
import { scaled } from '../helpers/time-limits';

let server: TestServer;
const SKUS = ['LCE-ANCHOR', 'LCE-BOLT', 'LCE-TRADE-PACK'] as const;
const stock = (sku: string) => (sku === 'LCE-ANCHOR' ? { stock: { is_in_stock: true, qty: 5, manage_stock: true } } : {});
const minimum = (sku: string) => (sku === 'LCE-TRADE-PACK' ? { minimum_order: 5 } : {});
serverForThisFile(SKUS.map((sku, i) => testProduct(995_300 + i, sku, { price: 10 + i, ...stock(sku), ...minimum(sku) })), (started) => (server = started));

type Page = DevicePage;
const openShop = devicePages(() => server, SKUS, { taxRule: false });

const productOf = async (page: Page, sku: string) => (await page.db.products.findOne({ selector: { sku } }).exec())!.source;
const localCart = async (page: Page) => Object.fromEntries((await page.db.cart.find().exec()).map((l) => [l.sku, l.qty]));
async function serverCart(page: Page): Promise<Record<string, number>> {
  const { token } = await readLocal(page.db, LOCAL.cartState);
  const rows = token ? await server.ctx.db.query<{ sku: string; qty: number }>('select sku, qty from cart_items where cart_id = $1', [token]) : [];
  return Object.fromEntries(rows.map((r) => [r.sku, Number(r.qty)]));
}

describe('adding and editing cart lines from the product page', () => {
  it('checks the live stock when adding: ok adds, more than the stock is refused with the SPEC message', async () => {
    const page = await openShop();
    const product = await productOf(page, 'LCE-ANCHOR');
    const request = { product, productOption: {}, customerGroupId: 0 };
    expect(await addProductToCart(page, { ...request, qty: 6 })).toEqual({ added: false, messages: ['Only 5 products of this type are available.'] });
    expect(await addProductToCart(page, { ...request, qty: 2 })).toEqual({ added: true, messages: ['Product has been added to the cart!'] });
    expect(await addProductToCart(page, { ...request, qty: 4 })).toEqual({ added: false, messages: ['Only 5 products of this type are available.'] });
    expect(await addProductToCart(page, { ...request, qty: 3 })).toEqual({ added: true, messages: ['Product quantity has been updated!'] });
    expect(await localCart(page)).toEqual({ 'LCE-ANCHOR': 5 });
    await expect.poll(() => serverCart(page), { timeout: scaled(10_000) }).toEqual({ 'LCE-ANCHOR': 5 });
  });

  it('wants the line to reach the minimum order, counting what the cart already holds', async () => {
    const page = await openShop();
    const request = { product: await productOf(page, 'LCE-TRADE-PACK'), productOption: {}, customerGroupId: 0 };
    expect(await addProductToCart(page, { ...request, qty: 4 })).toEqual({ added: false, messages: ['The minimum quantity for this product is 5.'] });
    expect(await addProductToCart(page, { ...request, qty: 5 })).toEqual({ added: true, messages: ['Product has been added to the cart!'] });
    expect(await addProductToCart(page, { ...request, qty: 1 })).toEqual({ added: true, messages: ['Product quantity has been updated!'] });
    expect(await localCart(page)).toEqual({ 'LCE-TRADE-PACK': 6 });
    await expect.poll(() => serverCart(page), { timeout: scaled(10_000) }).toEqual({ 'LCE-TRADE-PACK': 6 });
  });

  it('quantity edits give the form messages and the stock limit, and a valid one reaches the server', async () => {
    const page = await openShop();
    await addProductToCart(page, { product: await productOf(page, 'LCE-ANCHOR'), productOption: {}, customerGroupId: 0, qty: 1 });
    const line = (await page.db.cart.find().exec())[0]!.toMutableJSON();
    expect(await changeQuantity(page, line, 'two')).toBe(FORM_MESSAGES.quantityInteger);
    expect(await changeQuantity(page, line, '1.5')).toBe(FORM_MESSAGES.quantityInteger);
    expect(await changeQuantity(page, line, '0')).toBe(FORM_MESSAGES.quantityAboveZero);
    expect(await changeQuantity(page, line, '9')).toBe('Only 5 products of this type are available.');
    expect(await changeQuantity(page, line, ' 4 ')).toBeNull();
    await expect.poll(() => serverCart(page), { timeout: scaled(10_000) }).toEqual({ 'LCE-ANCHOR': 4 });
  });

  it('edit mode replaces the line: the old one goes from the device and the server, the new one comes', async () => {
    const page = await openShop();
    await addProductToCart(page, { product: await productOf(page, 'LCE-ANCHOR'), productOption: {}, customerGroupId: 0, qty: 2 });
    await expect.poll(() => serverCart(page), { timeout: scaled(10_000) }).toEqual({ 'LCE-ANCHOR': 2 });
    const old = (await page.db.cart.find().exec())[0]!;
    const result = await addProductToCart(page, { product: await productOf(page, 'LCE-BOLT'), productOption: {}, customerGroupId: 0, qty: 3, replaceLineId: old.id });
    expect(result.added).toBe(true);
    expect(await localCart(page)).toEqual({ 'LCE-BOLT': 3 });
    await expect.poll(() => serverCart(page), { timeout: scaled(10_000) }).toEqual({ 'LCE-BOLT': 3 });
  });
});
