import { describe, expect, it } from 'vitest';
import { cartHash } from '../../../replication/cart/cart-hash';
import { DEFAULT_CART_STATE } from '../../../schemas/rx/local-documents';
import type { CartLine } from '../../../schemas/rx/cart.schema';
import type { TotalsReply } from '../../../schemas/api/cart';
import { cartSyncedWith, serverTotalsFor, withRepricedTotals, type CheckoutTotals } from './checkout-totals';

const line = { id: 'A|x', sku: 'A', name: 'A', type_id: 'simple', qty: 2, checksum: 'x', product_option: {}, price_pence: 100, price_incl_tax_pence: 120, errors: {}, info: {}, added_at: 1, updated_at: 1, server_item_id: 4, server_cart_id: 'c1' } satisfies CartLine;
const totals = { grand_total: 7.4, items: [{ item_id: 4, qty: 2, price: 1, price_incl_tax: 1.2 }] };
const synced = { ...DEFAULT_CART_STATE, token: 'c1', itemsHash: cartHash([line], 'c1'), lastTotalsSyncAt: 5, platformTotals: totals };

describe('which totals the order summary shows', () => {
  it("uses the server's totals only when they were made for these very lines, online, for the default country", () => {
    expect(serverTotalsFor([line], synced, 'GB', true)).toBe(totals);
    expect(serverTotalsFor([line], synced, 'gb', true)).toBe(totals);
    expect(serverTotalsFor([line], synced, 'GB', false)).toBeNull();
    expect(serverTotalsFor([line], synced, 'FR', true)).toBeNull();
    expect(serverTotalsFor([{ ...line, qty: 3 }], synced, 'GB', true)).toBeNull();
    expect(serverTotalsFor([line], { ...synced, lastTotalsSyncAt: null }, 'GB', true)).toBeNull();
    // A line added while the totals were on their way: the items hash already counts it, the totals do not.
    const added = { ...line, id: 'B|x', sku: 'B', server_item_id: 5 };
    expect(serverTotalsFor([line, added], { ...synced, itemsHash: cartHash([line, added], 'c1') }, 'GB', true)).toBeNull();
  });

  it('knows whether the server cart holds the lines', () => {
    expect(cartSyncedWith([line], synced)).toBe(true);
    expect(cartSyncedWith([line], { ...synced, token: null })).toBe(false);
    expect(cartSyncedWith([], synced)).toBe(false);
  });
});

describe('the totals shown after the server refused the order for a changed price', () => {
  const repriced = { grand_total: 9.8, items: [{ sku: 'A', qty: 2 }] } as TotalsReply;
  const computed: CheckoutTotals = { ok: true, totals: { grand_total: 7.4 } as TotalsReply, source: 'server' };

  it("are the server's new ones while the cart holds the lines they were worked out for", () => {
    expect(withRepricedTotals(computed, repriced, [line])).toEqual({ ok: true, totals: repriced, source: 'server' });
    expect(withRepricedTotals(null, repriced, [line])).toEqual({ ok: true, totals: repriced, source: 'server' });
  });

  it("are the device's again once the cart changed, or when nothing was refused", () => {
    expect(withRepricedTotals(computed, repriced, [{ ...line, qty: 3 }])).toBe(computed);
    expect(withRepricedTotals(computed, repriced, [line, { ...line, id: 'B|x', sku: 'B' }])).toBe(computed);
    expect(withRepricedTotals(computed, null, [line])).toBe(computed);
  });
});
