import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { parseCatalogImport } from '../../schemas/catalog/catalog-import';
import { couponSchema } from '../../schemas/catalog/coupon';
import { productSchema } from '../../schemas/catalog/product';
import { staticContentSchema } from '../../schemas/catalog/static-content';
import { generateCatalog } from './generate-catalog';
import { TEST_NOW, testCatalog } from '../../tests/doubles/test-catalog';

describe('generateCatalog', () => {
  it('is deterministic: the same options give byte-identical output', () => {
    const a = generateCatalog({ products: 600, seed: 7, now: TEST_NOW });
    const b = generateCatalog({ products: 600, seed: 7, now: TEST_NOW });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });

  it('changes with the seed but keeps the fixed rule SKUs', () => {
    const a = generateCatalog({ products: 600, seed: 1, now: TEST_NOW });
    const b = generateCatalog({ products: 600, seed: 2, now: TEST_NOW });
    expect(JSON.stringify(a.products)).not.toBe(JSON.stringify(b.products));
    expect(b.products.some((p) => p.sku === 'WP-SAMPLE-CARD')).toBe(true);
  });

  it('keeps a product the same when the catalogue grows', () => {
    const small = generateCatalog({ products: 600, seed: 3, now: TEST_NOW });
    const large = generateCatalog({ products: 3000, seed: 3, now: TEST_NOW });
    const pick = (sku: string, list: typeof small.products) => {
      const { id: _id, stock, ...rest } = list.find((p) => p.sku === sku) ?? {};
      return { ...rest, qty: stock?.qty };
    };
    expect(pick('CR-EP-585', large.products)).toEqual(pick('CR-EP-585', small.products));
  });

  it.each([500, 2000, 10_000])('scales to about %i products', (count) => {
    const catalog = generateCatalog({ products: count, seed: 5, now: TEST_NOW });
    expect(Math.abs(catalog.products.length - count)).toBeLessThanOrEqual(Math.max(10, count * 0.02));
    expect(new Set(catalog.products.map((p) => p.sku)).size).toBe(catalog.products.length);
    expect(new Set(catalog.products.map((p) => p.id)).size).toBe(catalog.products.length);
  });

  it('generates 2,000 products well under a second', () => {
    // Best of three, so a busy machine does not fail the test; one run normally takes about 100 ms.
    const runs = [9, 10, 11].map((seed) => {
      const started = performance.now();
      generateCatalog({ products: 2000, seed, now: TEST_NOW });
      return performance.now() - started;
    });
    expect(Math.min(...runs)).toBeLessThan(1000);
  });

  it('validates every product against productSchema', () => {
    const failures = testCatalog().products
      .map((p) => ({ sku: p.sku, result: v.safeParse(productSchema, p) }))
      .filter((r) => !r.result.success);
    expect(failures.map((f) => f.sku)).toEqual([]);
  });

  it('is a valid catalogue import file section by section', () => {
    const { static_content, coupons, ...sections } = testCatalog();
    const result = parseCatalogImport(JSON.parse(JSON.stringify(sections)));
    expect(result.ok ? 'ok' : result.message).toBe('ok');
    expect(v.safeParse(staticContentSchema, static_content).success).toBe(true);
    expect(coupons.every((c) => v.safeParse(couponSchema, c).success)).toBe(true);
  });

  it('defaults now to the start of the current UTC day', () => {
    const a = generateCatalog({ products: 100 });
    expect(a.coupons[0]?.created_at?.endsWith('T00:00:00.000Z')).toBe(true);
  });
});
