import { describe, expect, it } from 'vitest';
import { productBySku, testCatalog } from '../../tests/doubles/test-catalog';

describe('demo catalogue structure', () => {
  const catalog = testCatalog();
  const bySku = new Map(catalog.products.map((p) => [p.sku, p]));

  it('builds configurables whose children also exist as hidden simple products', () => {
    const parent = productBySku(catalog, 'TB-Z-RANGE');
    const children = parent.configurable_children ?? [];
    expect(parent.configurable_options?.map((o) => o.attribute_code)).toEqual(['bolt_diameter', 'anchor_length']);
    for (const child of children) expect(bySku.get(child.sku)).toMatchObject({ id: child.id, visibility: 1 });
    expect(children.find((c) => c.sku === 'TB-M8-95-Z')?.status).toBe(2);
    expect(children.find((c) => c.sku === 'TB-M12-150-Z')?.stock.is_in_stock).toBe(false);
    const m10 = children.filter((c) => c['bolt_diameter'] === '10');
    expect(new Set(m10.map((c) => c.price)).size).toBe(m10.length);
    expect(parent['bolt_diameter_options']).toEqual(['8', '10', '12']);
    const sellable = children.filter((c) => c.status === 1);
    expect(parent.final_price).toBe(Math.min(...sellable.map((c) => c.final_price ?? c.price)));
    for (const option of parent.configurable_options ?? []) {
      for (const value of option.values) expect(children.some((c) => c[option.attribute_code] === value.value_index)).toBe(true);
    }
  });

  it('links grouped kits to enabled simple products, separately for guests and trade', () => {
    const kits = catalog.products.filter((p) => p.type_id === 'grouped');
    expect(kits.map((k) => k.sku)).toContain('KIT-KITCHEN');
    for (const kit of kits) {
      const links = kit.product_links ?? [];
      expect(new Set(links.map((l) => l.customer_group_id))).toEqual(new Set([0, 1]));
      for (const link of links) expect(bySku.get(link.linked_product_sku)).toMatchObject({ status: 1, type_id: 'simple' });
    }
  });

  it('builds bundles whose links point at enabled products', () => {
    const bundle = productBySku(catalog, 'BND-SDS-START');
    expect(bundle.bundle_options?.some((o) => o.required)).toBe(true);
    expect(bundle.bundle_options?.some((o) => !o.required)).toBe(true);
    for (const option of bundle.bundle_options ?? []) for (const link of option.product_links) expect(bySku.get(link.sku)?.status).toBe(1);
  });

  it('hangs categories under root 2 with trade-only and clearance rules', () => {
    const byId = new Map(catalog.categories.map((c) => [c.id, c]));
    expect(byId.get(2)).toMatchObject({ name: 'Default Category', level: 1 });
    const top = catalog.categories.filter((c) => c.parent_id === 2).map((c) => c.name);
    for (const name of ['Anchors & Fixings', 'Chemical Anchoring', 'Screws', 'Power Tools', 'Site Safety (PPE)', 'Trade Only', 'Clearance']) expect(top).toContain(name);
    const trade = catalog.categories.find((c) => c.url_key === 'trade-only');
    expect(trade?.restricted_customer_groups).toEqual([0]);
    expect(catalog.categories.filter((c) => c.parent_id === trade?.id).every((c) => c.restricted_customer_groups?.includes(0))).toBe(true);
    expect(catalog.categories.find((c) => c.url_key === 'clearance')?.include_in_menu).toBe(false);
    expect(catalog.categories.filter((c) => c.id >= 809).map((c) => c.url_key)).toEqual(['clearance']);
    expect(catalog.categories.some((c) => c.level === 4)).toBe(true);
    expect(byId.get(101)?.url_path).toBe('anchors-fixings/through-bolts');
    for (const c of catalog.categories.filter((x) => x.id !== 2)) expect(byId.get(c.parent_id)?.level).toBe(c.level - 1);
  });

  it('counts listable products per category and keeps ancestor ids on products', () => {
    const through = catalog.categories.find((c) => c.url_key === 'through-bolts');
    const listable = catalog.products.filter((p) => p.status === 1 && (p.visibility === 2 || p.visibility === 4));
    expect(through?.product_count).toBe(listable.filter((p) => p.category_ids?.includes(101)).length);
    expect(productBySku(catalog, 'TB-M10-100-Z').category_ids).toEqual([20, 101]);
    expect(productBySku(catalog, 'TB-M10-100-Z-TP').category_ids).toEqual([31, 321]);
    expect(catalog.products.filter((p) => p.category_ids?.includes(900)).length).toBeGreaterThan(0);
    for (const c of catalog.categories.filter((x) => x.level === 2)) expect(c.product_count, c.url_key).toBeGreaterThan(0);
  });

  it('stores attribute values that the attribute options list, without dots', () => {
    const options = new Map(catalog.attributes.map((a) => [a.attribute_code, new Set(a.options.map((o) => o.value))]));
    for (const a of catalog.attributes) for (const o of a.options) expect(o.value).not.toContain('.');
    for (const p of catalog.products) {
      for (const [code, values] of options) {
        const value = p[code];
        if (value !== undefined) expect(typeof value === 'string' && values.has(value), `${p.sku}.${code}=${JSON.stringify(value)}`).toBe(true);
      }
    }
    const codes = catalog.attributes.map((a) => a.attribute_code);
    for (const code of ['bolt_diameter', 'anchor_length', 'drill_hole_diameter', 'max_fixture_thickness', 'material', 'finish', 'head_type', 'drive', 'colour', 'thickness', 'pack_quantity', 'characteristic_load_kn', 'approval', 'battery_voltage', 'battery_capacity', 'size', 'new']) {
      expect(codes).toContain(code);
    }
  });
});
