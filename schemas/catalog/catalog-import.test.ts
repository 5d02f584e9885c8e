import { describe, expect, it } from 'vitest';
import { parseCatalogImport } from './catalog-import';

const product = {
  id: 1,
  sku: 'TB-M10-100-Z',
  name: 'Through Bolt M10 x 100mm Bright Zinc Plated (Box of 50)',
  slug: 'through-bolt-m10-x-100mm-bright-zinc-plated-tb-m10-100-z',
  type_id: 'simple',
  status: 1,
  visibility: 4,
  price: 15.49,
  bolt_diameter: '10',
};

describe('parseCatalogImport', () => {
  it('accepts a file with some sections and keeps attribute fields on products', () => {
    const result = parseCatalogImport({ products: [product] });
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.value.products?.[0]?.['bolt_diameter']).toBe('10');
  });

  it('names the path of the first problem', () => {
    const products = [product, product, product, { ...product, sku: 5 }];
    expect(parseCatalogImport({ products })).toEqual({
      ok: false,
      message: 'products[3].sku: Invalid type: Expected string but received 5',
    });
  });

  it('reports nested paths and missing fields', () => {
    const broken = { ...product, stock: { qty: 3 } };
    const result = parseCatalogImport({ products: [broken] });
    expect(result).toEqual({ ok: false, message: 'products[0].stock.is_in_stock: Required field is missing' });
  });

  it('accepts an EAN-13 and names a wrong one with the valid code', () => {
    expect(parseCatalogImport({ products: [{ ...product, ean: '5012345678900' }] }).ok).toBe(true);
    expect(parseCatalogImport({ products: [product, { ...product, ean: '5012345678901' }] })).toEqual({
      ok: false,
      message: 'products[1].ean: EAN check digit is wrong: 5012345678900 would be valid',
    });
    expect(parseCatalogImport({ products: [{ ...product, ean: '501234567890' }] })).toEqual({ ok: false, message: 'products[0].ean: EAN must be 13 digits' });
    const child = { id: 2, sku: 'TB-M10-100-Z-C', name: 'Child', status: 1, stock: { is_in_stock: true, qty: 1 }, price: 1, ean: '5012345678907' };
    expect(parseCatalogImport({ products: [{ ...product, type_id: 'configurable', configurable_children: [child] }] })).toEqual({
      ok: false,
      message: 'products[0].configurable_children[0].ean: EAN check digit is wrong: 5012345678900 would be valid',
    });
  });

  it('accepts products without an id (the import finds them by SKU) but not a malformed one', () => {
    const { id: _id, ...withoutId } = product;
    expect(parseCatalogImport({ products: [withoutId] }).ok).toBe(true);
    expect(parseCatalogImport({ products: [{ ...product, id: 0 }] })).toMatchObject({ ok: false, message: expect.stringMatching(/^products\[0\]\.id: /) });
    expect(parseCatalogImport({ products: [{ ...withoutId, sku: undefined }] })).toEqual({ ok: false, message: 'products[0].sku: Required field is missing' });
  });

  it('rejects unknown sections', () => {
    const result = parseCatalogImport({ product: [product] });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(/^product: Unknown section/);
  });

  it('rejects option values with a dot, which filters could never match', () => {
    const attribute = { attribute_id: 5, attribute_code: 'thickness', frontend_label: 'Thickness', options: [{ label: '1.5 mm', value: '1.5' }] };
    const result = parseCatalogImport({ attributes: [attribute] });
    expect(result).toEqual({ ok: false, message: 'attributes[0].options[0].value: Option values must not contain a dot' });
  });

  it('rejects negative prices and a non-object file', () => {
    expect(parseCatalogImport({ products: [{ ...product, price: -1 }] }).ok).toBe(false);
    expect(parseCatalogImport([])).toEqual({ ok: false, message: 'Invalid type: Expected Object but received Array' });
  });
});
