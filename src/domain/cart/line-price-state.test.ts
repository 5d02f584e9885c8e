import { describe, expect, it } from 'vitest';
import type { CartLine } from '../../../schemas/rx/cart.schema';
import { catalogueLinePrice, confirmedByLivePrices, priceChangeOf, withNewPrice, withServerPrice } from './line-price-state';

const now = new Date('2025-06-15T12:00:00Z');
const pricing = { members: new Map(), customerGroupId: 0, now, taxPercent: 20 };
const bolt = {
  sku: 'M8', type_id: 'simple', price: 4,
  tier_prices: [{ customer_group_id: 0, qty: 10, value: 3.5 }],
  special_price: 3.8, special_from_date: '2025-06-01', special_to_date: '2025-06-30',
};
const drill = {
  sku: 'DRILL', type_id: 'configurable', price: 50,
  configurable_children: [{ sku: 'DRILL-18V', price: 60, status: 1 }, { sku: 'DRILL-12V', price: 45, status: 1 }],
};
const lineOf = (over: Partial<CartLine> = {}): CartLine => ({
  id: 'M8|x', sku: 'M8', name: 'M8 Hex Bolt', type_id: 'simple', qty: 1, checksum: 'x', product_option: {}, price_pence: 350, price_incl_tax_pence: 420, errors: {}, info: {}, added_at: 1, updated_at: 1, ...over,
});

describe('a cart line priced from the catalogue', () => {
  it("takes the shared line rule at the line's quantity: special window, tiers, VAT", () => {
    expect(catalogueLinePrice(lineOf(), { ...pricing, product: bolt })).toEqual({ pricePence: 380, priceInclTaxPence: 456, pricedSkus: ['M8'] });
    expect(catalogueLinePrice(lineOf({ qty: 10 }), { ...pricing, product: bolt })).toMatchObject({ pricePence: 350, priceInclTaxPence: 420 });
    expect(catalogueLinePrice(lineOf(), { ...pricing, product: bolt, now: new Date('2025-07-02') })).toMatchObject({ pricePence: 400, priceInclTaxPence: 480 });
  });

  it("prices a variant by the child the line holds, and nothing when the child or product is gone", () => {
    const variant = lineOf({ sku: 'DRILL-12V', parentSku: 'DRILL' });
    expect(catalogueLinePrice(variant, { ...pricing, product: drill })).toEqual({ pricePence: 4500, priceInclTaxPence: 5400, pricedSkus: ['DRILL-12V'] });
    expect(catalogueLinePrice({ ...variant, sku: 'DRILL-24V' }, { ...pricing, product: drill })).toBeNull();
    expect(catalogueLinePrice(lineOf(), { ...pricing, product: undefined })).toBeNull();
    expect(catalogueLinePrice(lineOf(), { ...pricing, product: { ...bolt, price: 0, special_price: null, tier_prices: [] } })).toBeNull();
  });
});

describe('the render-list price sync confirming a line', () => {
  const docs = new Map<string, Record<string, unknown>>([['M8', bolt]]);
  it('confirms when the server prices every sku as the device does (at quantity 1)', () => {
    expect(confirmedByLivePrices(['M8'], docs, new Map([['M8', 380]]), { customerGroupId: 0, now })).toBe(true);
  });
  it('does not when the server has another price, or does not price a sku', () => {
    expect(confirmedByLivePrices(['M8'], docs, new Map([['M8', 400]]), { customerGroupId: 0, now })).toBe(false);
    expect(confirmedByLivePrices(['M8'], docs, new Map(), { customerGroupId: 0, now })).toBe(false);
    expect(confirmedByLivePrices(['M8', 'GONE'], docs, new Map([['M8', 380], ['GONE', 100]]), { customerGroupId: 0, now })).toBe(false);
  });
});

describe('telling a price change', () => {
  it('tells the price the shopper saw and the new one until they have seen it', () => {
    expect(priceChangeOf(lineOf({ price_seen_incl_tax_pence: 420, price_incl_tax_pence: 480 }))).toEqual({ lineId: 'M8|x', name: 'M8 Hex Bolt', fromInclTaxPence: 420, toInclTaxPence: 480 });
    expect(priceChangeOf(lineOf({ price_seen_incl_tax_pence: 420 }))).toBeNull();
    expect(priceChangeOf(lineOf({ price_seen_incl_tax_pence: null }))).toBeNull();
    expect(priceChangeOf(lineOf())).toBeNull();
  });

  it('a new price keeps the price seen before it, even across two changes', () => {
    const first = { ...lineOf({ price_seen_incl_tax_pence: 420 }), ...withNewPrice(lineOf({ price_seen_incl_tax_pence: 420 }), { pricePence: 400, priceInclTaxPence: 480 }) };
    expect(first).toMatchObject({ price_pence: 400, price_incl_tax_pence: 480, price_seen_incl_tax_pence: 420 });
    expect(withNewPrice(first, { pricePence: 450, priceInclTaxPence: 540 })).toEqual({ price_pence: 450, price_incl_tax_pence: 540, price_seen_incl_tax_pence: 420 });
    // A line from before price state: what it showed is what was seen.
    expect(withNewPrice(lineOf(), { pricePence: 400, priceInclTaxPence: 480 })).toMatchObject({ price_seen_incl_tax_pence: 420 });
    expect(withNewPrice(lineOf(), { pricePence: 350, priceInclTaxPence: 420 })).toEqual({});
  });

  it("a server price is current; at the confirmed quantity its change is told, at the shopper's new quantity it is simply the price", () => {
    const line = lineOf({ price_seen_incl_tax_pence: 420 });
    expect(withServerPrice(line, { pricePence: 400, priceInclTaxPence: 480 }, 1, 77)).toEqual({ price_pence: 400, price_incl_tax_pence: 480, price_seen_incl_tax_pence: 420, price_is_current: true, price_refreshed_at: 77 });
    expect(withServerPrice({ ...line, qty: 10 }, { pricePence: 300, priceInclTaxPence: 360 }, 1, 77)).toMatchObject({ price_incl_tax_pence: 360, price_seen_incl_tax_pence: 360 });
    expect(withServerPrice(line, { pricePence: 350, priceInclTaxPence: 420 }, 1, 77)).toEqual({ price_is_current: true, price_refreshed_at: 77 });
    // The first confirmation of a line added at 4.20 that the server prices at 4.80: told.
    expect(withServerPrice(line, { pricePence: 400, priceInclTaxPence: 480 }, null, 77)).toMatchObject({ price_incl_tax_pence: 480, price_seen_incl_tax_pence: 420 });
  });
});
