import { describe, expect, it } from 'vitest';
import type { TotalsReply } from '../../schemas/api/cart';
import type { CartLine } from '../../schemas/rx/cart.schema';
import { DEFAULT_CART_STATE, type CartState } from '../../schemas/rx/local-documents';
import { couponFromTotals } from '../../replication/cart/cart-totals';
import { lineFromServer } from '../../replication/cart/server-line';
import { deviceTotals } from '../../src/db/orders/checkout-totals';
import { itemChecksum } from '../../src/domain/cart/item-checksum';
import { findTaxRatePercent } from '../../src/domain/pricing/tax-rate';
import { couponUsable, readCoupon } from '../../src/domain/totals/coupon-rule';
import { priceLine } from '../../src/domain/totals/line-price';
import { buildTaxRules } from '../seed/tax-rules';
import { itemReply } from './cart-view';
import type { PricedLine } from './line-pricing';
import { totalsFor } from './totals-service';

/**
 * A cart that had its coupon applied online must come to the same figures on the device, to the
 * penny, as on the server: online (the server's totals) and later offline (the device's own totals,
 * from the lines and coupon it kept), for the same lines and the same moment.
 */

type Doc = Record<string, unknown>;
const DAY = 86_400_000;
const T0 = new Date('2026-03-02T10:00:00Z');
const at = (days: number) => new Date(T0.getTime() + days * DAY);
const TAX_RULES = buildTaxRules();
const CART_ID = 'cart-parity';

const product = (sku: string, fields: Doc): Doc => ({ id: sku, sku, name: `Product ${sku}`, type_id: 'simple', status: 1, visibility: 4, tax_class_id: 2, ...fields });
const PRODUCTS: Record<string, Doc> = {
  ANCHOR: product('ANCHOR', { price: 12.49 }),
  SCREWS: product('SCREWS', {
    price: 10,
    tier_prices: [
      { customer_group_id: 0, qty: 10, value: 8.75 },
      { customer_group_id: 1, qty: 5, value: 8.33 },
    ],
  }),
  BOOK: product('BOOK', { price: 5.55, tax_class_id: 5 }),
  DRILL: product('DRILL', { price: 20, special_price: 16.66, special_from_date: '2026-01-01', special_to_date: '2026-12-31' }),
  MANUAL: product('MANUAL', { price: 9.99, type_id: 'downloadable' }),
  WASHER: product('WASHER', { price: 0.33 }),
};

const coupon = (code: string, fields: Doc): Doc => ({ code, description: code, is_active: true, from_date: null, to_date: null, uses_per_email: null, customer_group_ids: [0, 1], ...fields });
const COUPONS = {
  TEN: coupon('TEN', { discount_type: 'percent', discount_amount: 10 }),
  EIGHTH: coupon('EIGHTH', { discount_type: 'percent', discount_amount: 12.5 }),
  FIVER: coupon('FIVER', { discount_type: 'fixed', discount_amount: 5 }),
  ODD: coupon('ODD', { discount_type: 'fixed', discount_amount: 7.33 }),
  SITE15: coupon('SITE15', { discount_type: 'fixed', discount_amount: 15, minimum_subtotal: 150, from_date: at(-10).toISOString(), to_date: at(50).toISOString() }),
  SHORT: coupon('SHORT', { discount_type: 'percent', discount_amount: 20, to_date: at(1).toISOString() }),
  TRADE5: coupon('TRADE5', { discount_type: 'percent', discount_amount: 5, customer_group_ids: [1] }),
};

interface CartCase {
  name: string;
  lines: { sku: string; qty: number }[];
  coupon: Doc;
  country?: string;
  group?: number;
  /** What happens on the device after the online sync: quantities changed, and when the totals are read. */
  later?: { qty?: Record<string, number>; now?: Date };
}

const CASES: CartCase[] = [
  { name: '10 % off standard and zero-rated lines', lines: [{ sku: 'ANCHOR', qty: 3 }, { sku: 'BOOK', qty: 2 }], coupon: COUPONS.TEN },
  { name: '12.5 % off a quantity tier', lines: [{ sku: 'SCREWS', qty: 12 }], coupon: COUPONS.EIGHTH },
  { name: 'a fixed £7.33 spread over four lines', lines: [{ sku: 'ANCHOR', qty: 1 }, { sku: 'SCREWS', qty: 4 }, { sku: 'BOOK', qty: 1 }, { sku: 'DRILL', qty: 2 }], coupon: COUPONS.ODD },
  { name: 'a fixed £5 on a download only (no shipping)', lines: [{ sku: 'MANUAL', qty: 1 }], coupon: COUPONS.FIVER },
  { name: 'a fixed £5 larger than a tiny cart', lines: [{ sku: 'WASHER', qty: 4 }], coupon: COUPONS.FIVER },
  { name: '10 % to Germany (19 % and 7 %)', lines: [{ sku: 'ANCHOR', qty: 2 }, { sku: 'BOOK', qty: 3 }], coupon: COUPONS.TEN, country: 'DE' },
  { name: 'a fixed £5 to the United States (no VAT on shipping)', lines: [{ sku: 'ANCHOR', qty: 5 }], coupon: COUPONS.FIVER, country: 'US' },
  { name: '12.5 % rounded on small rows', lines: [{ sku: 'WASHER', qty: 7 }, { sku: 'ANCHOR', qty: 1 }, { sku: 'DRILL', qty: 3 }], coupon: COUPONS.EIGHTH },
  { name: '£15 off over £150 on a tier', lines: [{ sku: 'SCREWS', qty: 20 }], coupon: COUPONS.SITE15 },
  { name: 'a trade coupon on the trade tier', lines: [{ sku: 'SCREWS', qty: 6 }, { sku: 'ANCHOR', qty: 2 }], coupon: COUPONS.TRADE5, group: 1 },
  { name: 'a quantity raised offline', lines: [{ sku: 'ANCHOR', qty: 2 }, { sku: 'BOOK', qty: 1 }], coupon: COUPONS.ODD, later: { qty: { ANCHOR: 5 } } },
  { name: 'below the minimum after an offline change', lines: [{ sku: 'ANCHOR', qty: 13 }], coupon: COUPONS.SITE15, later: { qty: { ANCHOR: 11 } } },
  { name: 'a coupon whose window ends while offline', lines: [{ sku: 'DRILL', qty: 2 }], coupon: COUPONS.SHORT, later: { now: at(2) } },
];

/** The server's totals for the lines at `now`: its line prices, the coupon if usable now, `totalsFor`. */
function serverTotals(c: CartCase, lines: CartCase['lines'], now: Date): { totals: TotalsReply; priced: PricedLine[] } {
  const group = c.group ?? 0;
  const priced = lines.map((l, i): PricedLine => {
    const doc = PRODUCTS[l.sku]!;
    const price = priceLine({ product: doc, productOption: null, qty: l.qty, customerGroupId: group, now });
    if (!price.ok) throw new Error(price.message);
    return {
      key: i + 1,
      qty: l.qty,
      resolved: { product: doc, lineSku: l.sku, parentSku: null, typeId: String(doc.type_id), name: String(doc.name), productOption: null },
      checksum: itemChecksum(null),
      unitPence: price.unitPence,
      labels: price.labels,
      taxClassId: Number(doc.tax_class_id),
    };
  });
  const terms = readCoupon(c.coupon);
  const usable = terms && couponUsable(terms, { now, customerGroupId: group }) ? terms : null;
  return { totals: totalsFor(priced, TAX_RULES, { countryId: c.country ?? 'GB' }, usable), priced };
}

/** The cart as the device holds it after the online sync: the server's lines and its totals, through JSON as on the wire. */
function syncedDevice(c: CartCase): { lines: CartLine[]; state: CartState; online: TotalsReply } {
  const { totals, priced } = serverTotals(c, c.lines, T0);
  const wire = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
  const online = wire(totals);
  const lines = priced.map((p) => {
    const row = { item_id: p.key, cart_id: CART_ID, sku: p.resolved.lineSku, parent_sku: null, qty: p.qty, product_option: null, checksum: p.checksum };
    const item = wire(itemReply(CART_ID, row, { ok: true, line: p }));
    const taxPercent = findTaxRatePercent(TAX_RULES, { productTaxClassId: p.taxClassId ?? 2, countryId: 'GB' });
    return lineFromServer(item, CART_ID, T0.getTime(), { name: p.resolved.name, taxPercent });
  });
  const reply = online as unknown as Record<string, unknown>;
  return { lines, state: { ...DEFAULT_CART_STATE, token: CART_ID, platformTotals: reply, coupon: couponFromTotals(reply) }, online };
}

const figures = (t: TotalsReply) => ({
  subtotal: t.subtotal,
  subtotal_incl_tax: t.subtotal_incl_tax,
  discount_amount: t.discount_amount,
  subtotal_with_discount: t.subtotal_with_discount,
  shipping_amount: t.shipping_amount,
  shipping_incl_tax: t.shipping_incl_tax,
  shipping_tax_amount: t.shipping_tax_amount,
  tax_amount: t.tax_amount,
  grand_total: t.grand_total,
  coupon_code: t.coupon_code,
  items: t.items.map((i) => ({ sku: i.sku, qty: i.qty, price: i.price, row_total: i.row_total, discount_amount: i.discount_amount, tax_amount: i.tax_amount, row_total_incl_tax: i.row_total_incl_tax })),
  segments: t.total_segments.map((s) => [s.code, s.title, s.value]),
});

describe('coupon totals: the device and the server agree to the penny', () => {
  it.each(CASES)('$name', (c) => {
    const device = syncedDevice(c);
    // The coupon was on the cart online, and its rule came with the totals.
    expect(device.online.coupon_code).toBe(readCoupon(c.coupon)!.code);
    expect(device.state.coupon?.rule).toBeDefined();

    const now = c.later?.now ?? T0;
    const qty = c.later?.qty ?? {};
    const lines = device.lines.map((l) => ({ ...l, qty: qty[l.sku] ?? l.qty }));
    const expected = serverTotals(c, lines.map((l) => ({ sku: l.sku, qty: l.qty })), now).totals;
    const taxClasses = lines.map((l) => Number(PRODUCTS[l.sku]!.tax_class_id));
    const result = deviceTotals(lines, taxClasses, device.state, TAX_RULES, c.country ?? 'GB', now);
    if (!result.ok) throw new Error(result.message);
    expect(figures(result.totals)).toEqual(figures(expected));
    if (!c.later) expect(figures(result.totals)).toEqual(figures(device.online));
  });

  it('takes the discount off the device totals (a cart without the kept rule would not)', () => {
    const c = CASES[0]!;
    const device = syncedDevice(c);
    const withRule = deviceTotals(device.lines, [2, 5], device.state, TAX_RULES, 'GB', T0);
    const withoutRule = deviceTotals(device.lines, [2, 5], { ...device.state, coupon: { code: 'TEN', discount_amount: -4.3 } }, TAX_RULES, 'GB', T0);
    expect(withRule.ok && withRule.totals.discount_amount).toBeLessThan(0);
    expect(withoutRule.ok && withoutRule.totals.discount_amount).toBe(0);
  });
});
