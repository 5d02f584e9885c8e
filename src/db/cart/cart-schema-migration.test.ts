import { describe, expect, it } from 'vitest';
import { cartCollection } from '../../../schemas/rx/cart.schema';
import type { CollectionDefinition } from '../../../schemas/rx/json-schema';
import { fakeBrowser, openTestDatabase } from '../../../tests/doubles/test-database';

/** The cart collection as version 0 stored it: lines without price state. */
const { price_is_current: _c, price_refreshed_at: _r, price_seen_incl_tax_pence: _s, ...v0Properties } = cartCollection.schema.properties;
const cartV0: CollectionDefinition = { schema: { ...cartCollection.schema, version: 0, properties: v0Properties }, migrationStrategies: {} };

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
