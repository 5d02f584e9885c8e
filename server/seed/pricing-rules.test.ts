import { describe, expect, it } from 'vitest';
import { finalPrice } from './pricing';
import { productBySku, TEST_NOW, testCatalog } from '../../tests/doubles/test-catalog';

const now = TEST_NOW.getTime();
const inWindow = (p: { special_from_date?: string | null; special_to_date?: string | null }) =>
  (!p.special_from_date || Date.parse(p.special_from_date) <= now) && (!p.special_to_date || Date.parse(p.special_to_date) >= now);

describe('demo catalogue prices', () => {
  const catalog = testCatalog();

  it('has exactly one zero-priced product, enabled and tagged', () => {
    const zero = catalog.products.filter((p) => p.price === 0);
    expect(zero.map((p) => p.sku)).toEqual(['WP-SAMPLE-CARD']);
    expect(zero[0]?.status).toBe(1);
    expect(zero[0]?.keywords).toContain('zero-price-demo');
  });

  it('sells many fixings under £1 per item and some whole items under £1', () => {
    const perItem = catalog.products.filter((p) => p.price > 0 && p.price / Number(p.product_price_multiplier ?? 1) < 1);
    expect(perItem.length).toBeGreaterThan(catalog.products.length / 4);
    expect(productBySku(catalog, 'WP-NY-10X60-EA').price).toBe(0.35);
  });

  it('computes final_price from the special window, ignoring specials above the price', () => {
    // A configurable parent shows its cheapest variant instead (checked in structure-rules).
    for (const p of catalog.products.filter((x) => x.type_id !== 'configurable')) {
      const applies = p.special_price != null && inWindow(p) && p.special_price < p.price;
      expect(p.final_price, p.sku).toBe(applies ? p.special_price : p.price);
    }
    const above = productBySku(catalog, 'HT-HM-CL20-FG');
    expect(above.special_price).toBeGreaterThan(above.price);
    expect(inWindow(above)).toBe(true);
    expect(above.final_price).toBe(above.price);
  });

  it('has current, open-ended, expired and future special windows', () => {
    const current = productBySku(catalog, 'DB-PZ2-25-10');
    expect(inWindow(current) && current.final_price! < current.price).toBe(true);
    expect(productBySku(catalog, 'TB-M10-100-HDG').special_to_date).toBeNull();
    expect(Date.parse(productBySku(catalog, 'HS-64-BM').special_to_date ?? '')).toBeLessThan(now);
    expect(Date.parse(productBySku(catalog, 'AG-410-HD').special_from_date ?? '')).toBeGreaterThan(now);
    const withSpecial = catalog.products.filter((p) => p.special_price != null);
    expect(withSpecial.filter(inWindow).length).toBeGreaterThan(20);
    expect(withSpecial.filter((p) => !inWindow(p)).length).toBeGreaterThan(20);
  });

  it('gives quantity breaks of 5 %, 10 % and 15 % and trade rows for group 1', () => {
    const p = productBySku(catalog, 'WS-4-40-YP');
    const guest = (p.tier_prices ?? []).filter((t) => t.customer_group_id === 0);
    expect(guest.map((t) => [t.qty, t.value])).toEqual([[5, round(p.price * 0.95)], [10, round(p.price * 0.9)], [25, round(p.price * 0.85)]]);
    expect((p.tier_prices ?? []).some((t) => t.customer_group_id === 1)).toBe(true);
    expect(catalog.products.filter((x) => (x.tier_prices ?? []).length > 0).length).toBeGreaterThan(catalog.products.length / 2);
  });

  it('prices kits as the sum of their guest members and bundles by default-or-first links', () => {
    const bySku = new Map(catalog.products.map((p) => [p.sku, p]));
    for (const kit of catalog.products.filter((p) => p.type_id === 'grouped')) {
      const members = (kit.product_links ?? []).filter((l) => l.customer_group_id === 0);
      expect(kit.price).toBe(round(members.reduce((s, l) => s + (bySku.get(l.linked_product_sku)?.price ?? NaN), 0)));
    }
    for (const bundle of catalog.products.filter((p) => p.type_id === 'bundle')) {
      const sum = (bundle.bundle_options ?? []).reduce((s, o) => {
        const link = o.product_links.find((l) => l.is_default) ?? o.product_links[0];
        return s + (link ? (bySku.get(link.sku)?.price ?? NaN) * link.qty : 0);
      }, 0);
      expect(bundle.price).toBe(round(sum));
    }
  });

  it('applies the window rule the same way as the pricing helper', () => {
    const special = { special_price: 5, special_from_date: '2025-05-01T00:00:00.000Z', special_to_date: '2025-05-31T23:59:59.000Z' };
    expect(finalPrice(10, special, Date.parse('2025-05-15T00:00:00Z'))).toBe(5);
    expect(finalPrice(10, special, Date.parse('2025-06-15T00:00:00Z'))).toBe(10);
    expect(finalPrice(4, special, Date.parse('2025-05-15T00:00:00Z'))).toBe(4);
  });
});

function round(n: number): number {
  return Math.round(n * 100) / 100;
}
