import { describe, expect, it } from 'vitest';
import type { Doc } from '../../src/domain/catalog-query/types';
import { ProjectedJson } from './projected-json';

const doc = (id: number, name = `Product ${id}`): Doc => ({ id, sku: `S-${id}`, name, stock: { qty: id, is_in_stock: true } });

/** The list's text between `[` and `]`, as the reply holds it. */
const list = (texts: ProjectedJson, slots: number[], docs: Doc[], include?: string[], exclude?: string[]) =>
  texts.write(slots, docs, include, exclude, '[', ']').toString('utf8');

describe('ProjectedJson', () => {
  it('writes head, the projected documents of the slots comma-separated, and tail', () => {
    const texts = new ProjectedJson();
    const docs = [doc(1), doc(2), doc(3)];
    expect(list(texts, [2, 0], docs, ['id', 'stock'], ['stock.qty'])).toBe('[{"id":3,"stock":{"is_in_stock":true}},{"id":1,"stock":{"is_in_stock":true}}]');
    expect(list(texts, [1], docs)).toBe(`[${JSON.stringify(docs[1])}]`);
    expect(list(texts, [], docs, ['id'])).toBe('[]');
    expect(texts.write([0], docs, ['id'], undefined, 'é{', '}ü').toString('utf8')).toBe('é{{"id":1}}ü');
  });

  it('keeps each document\'s text once per projection, and writes text beyond one byte a character', () => {
    const texts = new ProjectedJson();
    const docs = [doc(1, 'Nut M8 – Ø 13 mm'), doc(2)];
    expect(list(texts, [0, 1], docs, ['name'])).toBe('[{"name":"Nut M8 – Ø 13 mm"},{"name":"Product 2"}]');
    const held = texts.size;
    expect(list(texts, [1, 0, 1], docs, ['name'])).toBe('[{"name":"Product 2"},{"name":"Nut M8 – Ø 13 mm"},{"name":"Product 2"}]');
    expect(texts.size).toBe(held);
  });

  it('answers a replaced document from the new object, never from the old one', () => {
    const texts = new ProjectedJson();
    const docs = [doc(1)];
    expect(list(texts, [0], docs, ['name'])).toBe('[{"name":"Product 1"}]');
    docs[0] = doc(1, 'Renamed');
    expect(list(texts, [0], docs, ['name'])).toBe('[{"name":"Renamed"}]');
  });

  it('stays within its cap, dropping the projection used least recently first', () => {
    const docs = Array.from({ length: 8 }, (_, i) => doc(i));
    const oneProjection = (() => {
      const probe = new ProjectedJson();
      list(probe, [0, 1, 2, 3, 4, 5, 6, 7], docs);
      return probe.size;
    })();
    const texts = new ProjectedJson(() => oneProjection * 1.5);
    list(texts, [0, 1, 2, 3, 4, 5, 6, 7], docs);
    list(texts, [0, 1, 2, 3, 4, 5, 6, 7], docs, ['name']);
    expect(texts.size).toBeLessThanOrEqual(oneProjection * 1.5);
    list(texts, [0, 1, 2, 3, 4, 5, 6, 7], docs);
    list(texts, [0, 1, 2, 3, 4, 5, 6, 7], docs, ['sku']);
    expect(texts.size).toBeLessThanOrEqual(oneProjection * 1.5);
    // A projection past the cap on its own starts again rather than growing.
    const small = new ProjectedJson(() => oneProjection / 2);
    expect(list(small, [0, 1, 2, 3, 4, 5, 6, 7], docs)).toBe(`[${docs.map((d) => JSON.stringify(d)).join(',')}]`);
    expect(list(small, [7], docs)).toBe(`[${JSON.stringify(docs[7])}]`);
    expect(small.size).toBeLessThan(oneProjection);
  });
});
