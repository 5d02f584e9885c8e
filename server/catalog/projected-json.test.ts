import { describe, expect, it } from 'vitest';
import { ProjectedJsonCache } from './projected-json';

const doc = (id: number) => ({ id, sku: `S-${id}`, name: `Product ${id}`, stock: { qty: id, is_in_stock: true } });

describe('ProjectedJsonCache', () => {
  it('gives the JSON of the projected document, made once per document and projection', () => {
    const cache = new ProjectedJsonCache();
    const a = doc(1);
    const first = cache.json(a, ['id', 'stock'], ['stock.qty']);
    expect(first).toBe('{"id":1,"stock":{"is_in_stock":true}}');
    expect(cache.json(a, ['id', 'stock'], ['stock.qty'])).toBe(first);
    expect(cache.json(a, undefined, undefined)).toBe(JSON.stringify(a));
  });

  it('answers a replaced document from the new object, never from the old one', () => {
    const cache = new ProjectedJsonCache();
    expect(cache.json(doc(1), ['name'], undefined)).toBe('{"name":"Product 1"}');
    expect(cache.json({ ...doc(1), name: 'Renamed' }, ['name'], undefined)).toBe('{"name":"Renamed"}');
  });

  it('stays within its size: past the bound it starts again', () => {
    const cache = new ProjectedJsonCache(100);
    const docs = [1, 2, 3, 4, 5].map(doc);
    const texts = docs.map((d) => cache.json(d, undefined, undefined));
    // 5 documents of about 60 characters cannot all be held in 100: the first was dropped and is made again.
    const again = cache.json(docs[0]!, undefined, undefined);
    expect(again).toBe(texts[0]);
    expect(again).not.toBe(undefined);
    expect((cache as unknown as { chars: number }).chars).toBeLessThanOrEqual(100);
  });
});
