import { describe, expect, it } from 'vitest';
import { IMAGE_FAMILIES } from './image-paths';
import { productBySku, testCatalog } from '../../tests/doubles/test-catalog';

describe('demo catalogue products', () => {
  const catalog = testCatalog();
  const { products } = catalog;

  it('has every product type', () => {
    expect(new Set(products.map((p) => p.type_id))).toEqual(new Set(['simple', 'configurable', 'grouped', 'bundle', 'virtual', 'downloadable']));
  });

  it('has plenty, low and no stock, with at least 5 % out of stock', () => {
    const out = products.filter((p) => !p.stock?.is_in_stock);
    expect(out.length).toBeGreaterThanOrEqual(products.length * 0.05);
    expect(out.every((p) => p.stock?.qty === 0)).toBe(true);
    expect(products.some((p) => p.stock?.is_in_stock && (p.stock.qty ?? 0) <= 5)).toBe(true);
    expect(products.some((p) => (p.stock?.qty ?? 0) >= 1000)).toBe(true);
    const lastFive = products.filter((p) => p.keywords?.includes('last-five-demo'));
    expect(lastFive.length).toBeGreaterThanOrEqual(3);
    expect(lastFive.every((p) => p.stock?.qty === 5 && p.stock.is_in_stock && p.status === 1)).toBe(true);
  });

  it('has disabled products and every visibility', () => {
    expect(products.filter((p) => p.status === 2).length).toBeGreaterThan(3);
    expect(productBySku(catalog, 'SDS-26-1000').status).toBe(2);
    for (const visibility of [1, 2, 3, 4]) expect(products.some((p) => p.visibility === visibility)).toBe(true);
    expect(productBySku(catalog, 'RWN-75-BR-1KG').visibility).toBe(2);
    expect(productBySku(catalog, 'STP-14').visibility).toBe(3);
  });

  it('carries sell units, minimum orders and lead times', () => {
    const box = productBySku(catalog, 'WS-4-40-YP');
    expect([box.sell_unit_description, box.sell_unit_amount, box.product_price_multiplier]).toEqual(['Box of 200', 200, 200]);
    expect(productBySku(catalog, 'TR-M12-CUT-Z').sell_unit_description).toBe('Per metre');
    expect(productBySku(catalog, 'TB-M10-100-Z-TP').minimum_order).toBe(5);
    expect(products.some((p) => (p.lead_time_days ?? 0) >= 3 && (p.lead_time_days ?? 0) <= 21)).toBe(true);
    expect(productBySku(catalog, 'SDSM-40-570')).toMatchObject({ lead_time_days: 14, stock: { is_in_stock: false } });
  });

  it('uses /product/{family}/{sku}-{n}.jpg image paths', () => {
    const pattern = new RegExp(`^/product/(${IMAGE_FAMILIES.join('|')})/[a-z0-9-]+-\\d+\\.jpg$`);
    for (const p of products) {
      expect(p.image, p.sku).toMatch(pattern);
      expect(p.image?.includes(p.sku.toLowerCase())).toBe(true);
      for (const m of p.media_gallery ?? []) expect(m.image).toMatch(pattern);
    }
  });

  it('flags about 5 % of products as new', () => {
    const share = products.filter((p) => p.new === '1').length / products.length;
    expect(share).toBeGreaterThan(0.02);
    expect(share).toBeLessThan(0.1);
    expect(productBySku(catalog, 'PPE-GOG-IV').new).toBe('1');
  });

  it('keeps HTML in a few descriptions, including one script for escaping tests', () => {
    expect(productBySku(catalog, 'AS-FS-WHT').description).toContain('<script>alert(1)</script>');
    expect(products.filter((p) => p.description?.includes('<strong>')).length).toBeGreaterThan(0);
    expect(products.filter((p) => p.description?.includes('<')).length).toBeLessThan(products.length * 0.05);
  });

  it('has custom options with fixed and percent prices', () => {
    const rod = productBySku(catalog, 'TR-M12-CUT-Z').custom_options ?? [];
    expect(rod.map((o) => o.type)).toEqual(['field', 'drop_down']);
    const drill = productBySku(catalog, 'VX-ID18-K4').custom_options ?? [];
    expect(drill.some((o) => o.type === 'field' && o.price_type === 'fixed')).toBe(true);
    expect(drill.some((o) => o.values?.some((x) => x.price_type === 'percent'))).toBe(true);
    expect(productBySku(catalog, 'VX-ID18-K4').video).not.toBeNull();
  });

  it('has virtual services and zero-rated downloadable guides and printed books', () => {
    expect(products.filter((p) => p.type_id === 'virtual').length).toBeGreaterThanOrEqual(3);
    const guides = products.filter((p) => p.type_id === 'downloadable');
    expect(guides.every((g) => g.tax_class_id === 5 && (g.downloads ?? []).length > 0)).toBe(true);
    expect(productBySku(catalog, 'PUB-HANDBOOK').tax_class_id).toBe(5);
    expect(products.filter((p) => p.tax_class_id === 2).length).toBeGreaterThan(products.length * 0.9);
  });

  it('names products and slugs them with the SKU', () => {
    const p = productBySku(catalog, 'TB-M10-100-Z');
    expect(p.name).toBe('Through Bolt M10 x 100mm Bright Zinc Plated (Box of 50)');
    expect(p.slug).toBe('through-bolt-m10-x-100mm-bright-zinc-plated-tb-m10-100-z');
    expect(new Set(products.map((x) => x.url_path)).size).toBe(products.length);
  });
});
