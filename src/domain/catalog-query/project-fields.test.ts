import { describe, expect, it } from 'vitest';
import { projectFields } from './project-fields';

const doc = {
  id: 1,
  sku: 'A',
  name: 'Anchor',
  media_gallery: [{ image: 'a.jpg', pos: 1 }],
  configurable_children: [
    { sku: 'A-1', price: 1, stock: { qty: 2 } },
    { sku: 'A-2', price: 2 },
  ],
  stock: { qty: 3, is_in_stock: true },
};

describe('projectFields', () => {
  it('returns the document itself when nothing is included or excluded', () => {
    expect(projectFields(doc)).toBe(doc);
    expect(projectFields(doc, [], [])).toBe(doc);
  });

  it('keeps only included dot paths, going through arrays', () => {
    expect(projectFields(doc, ['sku', 'configurable_children.sku', 'stock.is_in_stock', 'missing.field'])).toEqual({
      sku: 'A',
      configurable_children: [{ sku: 'A-1' }, { sku: 'A-2' }],
      stock: { is_in_stock: true },
    });
  });

  it('drops excluded dot paths, going through arrays, and exclusion wins over inclusion', () => {
    expect(projectFields(doc, undefined, ['media_gallery', 'configurable_children.stock', 'stock.qty'])).toEqual({
      id: 1,
      sku: 'A',
      name: 'Anchor',
      configurable_children: [
        { sku: 'A-1', price: 1 },
        { sku: 'A-2', price: 2 },
      ],
      stock: { is_in_stock: true },
    });
    expect(projectFields(doc, ['sku', 'name'], ['name'])).toEqual({ sku: 'A' });
  });

  it('never changes the stored document', () => {
    const before = structuredClone(doc);
    projectFields(doc, ['configurable_children'], ['configurable_children.price']);
    expect(doc).toEqual(before);
  });
});
