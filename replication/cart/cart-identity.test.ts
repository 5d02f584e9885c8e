import { describe, expect, it } from 'vitest';
import { itemChecksum } from '../../src/domain/cart/item-checksum';
import { cartHash } from './cart-hash';
import { newLine } from '../../tests/doubles/cart/cart-test-setup';
import type { CartLine, ServerCartItem } from './cart-types';
import { lineKey } from '../../src/domain/cart/line-key';
import { sameItem } from './item-match';
import { confirmLine, lineFromServer } from './server-line';

/** Line A as the shopper added it (the setup's new line, under a fixed id and its product's name). */
const line = (extra: Partial<CartLine> = {}): CartLine => newLine('A', 2, 1, { id: 'A|x', name: 'Anchor', ...extra });
const item = (extra: Partial<ServerCartItem> = {}): ServerCartItem => ({ item_id: 7, sku: 'A', qty: 2, name: 'Anchor', price: 10, product_type: 'simple', quote_id: 'cart-1', product_option: null, ...extra });

describe('the cart hash', () => {
  it('changes with sku, quantity, options and cart id, not with line order or server bookkeeping', () => {
    const a = line();
    const b = line({ id: 'B|x', sku: 'B', qty: 1 });
    expect(cartHash([a, b], 't')).toBe(cartHash([b, a], 't'));
    expect(cartHash([a], 't')).toBe(cartHash([{ ...a, server_item_id: 9, price_pence: 1 } as CartLine], 't'));
    expect(cartHash([a], 't')).not.toBe(cartHash([{ ...a, qty: 3 }], 't'));
    expect(cartHash([a], 't')).not.toBe(cartHash([a], 'u'));
    expect(cartHash([a], 't')).not.toBe(cartHash([{ ...a, checksum: 'other' }], 't'));
  });
});

describe('matching local and server lines (vsf1 §1.2)', () => {
  it('matches simple lines on the server id within the same cart, else on the sku', () => {
    expect(sameItem(line(), item(), 'cart-1')).toBe(true);
    expect(sameItem(line({ server_item_id: 7, server_cart_id: 'cart-1' }), item({ item_id: 8 }), 'cart-1')).toBe(false);
    // Ids of the guest cart mean nothing in the customer cart after a login: the sku decides.
    expect(sameItem(line({ server_item_id: 3, server_cart_id: 'guest' }), item({ item_id: 8 }), 'cart-1')).toBe(true);
  });

  it('matches configurable lines on the child sku, custom-option lines on the options checksum', () => {
    expect(sameItem(line({ sku: 'BOLT-M8', parentSku: 'BOLT', type_id: 'configurable' }), item({ sku: 'BOLT-M8' }), 'c')).toBe(true);
    const option = { extension_attributes: { custom_options: [{ option_id: 1, option_value: '2m' }] } };
    const custom = line({ product_option: option, checksum: itemChecksum(option) });
    expect(sameItem(custom, item({ product_option: { extension_attributes: { custom_options: [{ option_id: '1', option_value: '2m' }] } } }), 'c')).toBe(true);
    expect(sameItem(custom, item({ product_option: { extension_attributes: { custom_options: [{ option_id: 1, option_value: '3m' }] } } }), 'c')).toBe(false);
  });

  it('keys lines by sku and options checksum', () => {
    expect(lineKey('A', 'abc')).toBe('A|abc');
  });
});

describe('lines confirmed by the server', () => {
  it('take the server ids, quantity and price, keeping the line tax ratio', () => {
    const confirmed = confirmLine(line(), item({ qty: 3, price: 12.5 }), 'cart-1', 99);
    expect(confirmed).toMatchObject({ qty: 3, prev_qty: 3, item_id: 7, server_item_id: 7, server_cart_id: 'cart-1', price_pence: 1250, price_incl_tax_pence: 1500, updated_at: 99 });
  });

  it('a server-only line is added locally with its tax', () => {
    expect(lineFromServer(item(), 'cart-1', 5, { name: 'Anchor 8x80', taxPercent: 20 })).toMatchObject({ id: `A|${itemChecksum(null)}`, qty: 2, prev_qty: 2, name: 'Anchor 8x80', price_pence: 1000, price_incl_tax_pence: 1200, server_cart_id: 'cart-1' });
  });
});
