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

  it('gives a list of documents as the comma-separated texts each would have alone', () => {
    const cache = new ProjectedJsonCache();
    const docs = [doc(1), doc(2), doc(3)];
    const alone = cache.json(docs[1]!, ['id', 'stock'], ['stock.qty']);
    const list = cache.list(docs, ['id', 'stock'], ['stock.qty']);
    expect(list).toBe('{"id":1,"stock":{"is_in_stock":true}},{"id":2,"stock":{"is_in_stock":true}},{"id":3,"stock":{"is_in_stock":true}}');
    expect(list.split('},{')[1]).toBe(alone.slice(1, -1));
    expect(cache.list([], ['id'], undefined)).toBe('');
  });

  it('answers a replaced document from the new object, never from the old one', () => {
    const cache = new ProjectedJsonCache();
    expect(cache.json(doc(1), ['name'], undefined)).toBe('{"name":"Product 1"}');
    expect(cache.json({ ...doc(1), name: 'Renamed' }, ['name'], undefined)).toBe('{"name":"Renamed"}');
  });

  it('stays within its size, keeping the texts asked for again', () => {
    // Room for two texts of about 60 characters a generation.
    const cache = new ProjectedJsonCache(260);
    const docs = [1, 2, 3, 4, 5, 6, 7, 8].map(doc);
    const held = () => {
      const inner = cache as unknown as { young: Map<string, Map<object, string>>; old: Map<string, Map<object, string>> };
      return [...inner.young.values(), ...inner.old.values()].flatMap((m) => [...m.keys()]);
    };
    for (const d of docs) {
      cache.json(d, undefined, undefined);
      cache.json(docs[0]!, undefined, undefined); // a popular tile, asked for between all others
    }
    expect(held().length).toBeLessThanOrEqual(5);
    expect(held()).toContain(docs[0]);
    expect(held()).not.toContain(docs[1]);
    expect(cache.json(docs[1]!, undefined, undefined)).toBe(JSON.stringify(docs[1]));
  });
});
