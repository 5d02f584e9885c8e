import { describe, expect, it } from 'vitest';
import { cartCollection, CHANGES_BEFORE_V2 } from '../../../schemas/rx/cart.schema';
import type { CollectionDefinition } from '../../../schemas/rx/json-schema';
import { fakeBrowser, openTestDatabase } from '../../../tests/doubles/test-database';

/** The cart collection as version 0 stored it: lines without price state. */
const { price_is_current: _c, price_refreshed_at: _r, price_seen_incl_tax_pence: _s, ...v0Properties } = cartCollection.schema.properties;
const { taken_by: _t, last_op_id: _o, ...v1Properties } = cartCollection.schema.properties;
const cartV0: CollectionDefinition = { schema: { ...cartCollection.schema, version: 0, properties: v0Properties }, migrationStrategies: {} };
/** Version 1: lines without the marks of orders and changes written to them. */
const cartV1: CollectionDefinition = { schema: { ...cartCollection.schema, version: 1, properties: v1Properties }, migrationStrategies: { 1: cartCollection.migrationStrategies[1]! } };

describe('cart lines from before the price state', () => {
  it('open as not current, with the price they show as the one the shopper saw', async () => {
    const browser = fakeBrowser();
    const v0 = await openTestDatabase({ browser, name: 'cart_v0', collections: ['cart'], definitions: { cart: cartV0 } });
    await v0.cart.insert({ id: 'M8|x', sku: 'M8', name: 'M8 Hex Bolt', type_id: 'simple', qty: 2, checksum: 'x', product_option: {}, price_pence: 350, price_incl_tax_pence: 420, errors: {}, info: {}, added_at: 1, updated_at: 1 });
    await v0.close();
    const v1 = await openTestDatabase({ browser, name: 'cart_v0', collections: ['cart'] });
    expect((await v1.cart.findOne('M8|x').exec())!.toMutableJSON()).toMatchObject({ qty: 2, price_incl_tax_pence: 420, price_is_current: false, price_refreshed_at: null, price_seen_incl_tax_pence: 420 });
    await v1.close();
  });
});

describe('cart lines from before v2', () => {
  it('hold every change recorded before the upgrade', async () => {
    const browser = fakeBrowser();
    const v1 = await openTestDatabase({ browser, name: 'cart_v1', collections: ['cart'], definitions: { cart: cartV1 } });
    await v1.cart.insert({ id: 'M8|x', sku: 'M8', name: 'M8 Hex Bolt', type_id: 'simple', qty: 2, checksum: 'x', product_option: {}, price_pence: 350, price_incl_tax_pence: 420, price_is_current: false, price_refreshed_at: null, price_seen_incl_tax_pence: 420, errors: {}, info: {}, added_at: 1, updated_at: 1 });
    await v1.close();
    const v2 = await openTestDatabase({ browser, name: 'cart_v1', collections: ['cart'] });
    expect((await v2.cart.findOne('M8|x').exec())!.toMutableJSON()).toMatchObject({ qty: 2, last_op_id: CHANGES_BEFORE_V2 });
    await v2.close();
  });
});
