import { describe, expect, it } from 'vitest';
import { projectFields } from './project-fields';

const doc = {
  id: 7,
  sku: 'TB-M10',
  name: 'Through bolt',
  stock: { qty: 4, is_in_stock: true },
  configurable_children: [
    { sku: 'TB-M10-100', price: 9, stock: { qty: 1 } },
    { sku: 'TB-M10-120', price: 10, stock: { qty: 0 } },
  ],
};

describe('projectFields', () => {
  it('returns the document unchanged without lists', () => {
    expect(projectFields(doc, undefined, undefined)).toBe(doc);
    expect(projectFields(doc, [], [])).toBe(doc);
  });

  it('keeps only included paths, into objects and across lists', () => {
    expect(projectFields(doc, ['sku', 'stock.qty', 'configurable_children.sku', 'missing.field'], undefined)).toEqual({
      sku: 'TB-M10',
      stock: { qty: 4 },
      configurable_children: [{ sku: 'TB-M10-100' }, { sku: 'TB-M10-120' }],
    });
  });

  it('keeps a whole field when a parent and a child path are both named', () => {
    expect(projectFields(doc, ['stock', 'stock.qty'], undefined)).toEqual({ stock: doc.stock });
    expect(projectFields(doc, ['stock.qty', 'stock'], undefined)).toEqual({ stock: doc.stock });
  });

  it('removes excluded paths, and exclude wins over include', () => {
    expect(projectFields(doc, undefined, ['configurable_children.stock', 'name', 'stock'])).toEqual({
      id: 7,
      sku: 'TB-M10',
      configurable_children: [
        { sku: 'TB-M10-100', price: 9 },
        { sku: 'TB-M10-120', price: 10 },
      ],
    });
    expect(projectFields(doc, ['sku', 'name'], ['name'])).toEqual({ sku: 'TB-M10' });
  });

  it('does not change the stored document', () => {
    const copy = structuredClone(doc);
    projectFields(doc, ['sku'], ['configurable_children.price']);
    projectFields(doc, undefined, ['configurable_children.price']);
    expect(doc).toEqual(copy);
  });
});
