import v8 from 'node:v8';
import { describe, expect, it } from 'vitest';
import type { Doc } from '../../src/domain/catalog-query/types';
import { decodeDocs, encodeDocs } from './snapshot-codec';

/** Through the codec and `v8.serialize`, as the snapshot file carries documents. */
const roundTrip = (docs: Doc[]) => decodeDocs(v8.deserialize(v8.serialize(encodeDocs(docs))) as ReturnType<typeof encodeDocs>);

describe('the snapshot codec', () => {
  it('gives back the same JSON text of documents with nested objects, lists and odd values', () => {
    const shared = { qty: 5, is_in_stock: true };
    const docs: Doc[] = Array.from({ length: 40 }, (_, i) => ({
      id: i,
      name: `Anchor ${i}`,
      image: `/img/${i}.jpg`,
      stock: i % 3 === 0 ? shared : { qty: i, is_in_stock: i % 2 === 0, ...(i % 5 === 0 ? { backorders: 'no' } : {}) },
      media_gallery: i % 4 === 0 ? [] : [{ image: `/img/${i}.jpg`, label: `Anchor ${i}`, types: ['image', i % 2 ? 'small' : 'thumb'] }, { image: `/img/${i}-b.jpg`, label: null, pos: i === 7 ? -0 : i / 2 }],
      tier_prices: [[i, i * 2], [], [null, 'x']],
      mixed: i % 2 ? { a: i } : `text ${i}`,
      odd: i % 2 ? [i] : { ['__proto__']: i, constructor: 'c' },
    }));
    docs.push(JSON.parse('{"id":"x","__proto__":{"a":1},"media_gallery":[{"image":"/x.jpg"}]}') as Doc);
    const decoded = roundTrip(docs);
    expect(decoded.map((doc) => JSON.stringify(doc))).toEqual(docs.map((doc) => JSON.stringify(doc)));
    expect(Object.is((decoded[7]!.media_gallery as { pos: number }[])[1]!.pos, -0)).toBe(true);
    expect(Object.keys(decoded[40]!)).toEqual(['id', '__proto__', 'media_gallery']);
  });

  it('keeps an object several documents share as one object, and nested strings as the documents’ own', () => {
    const shared = { qty: 5, is_in_stock: true };
    const docs: Doc[] = Array.from({ length: 10 }, (_, i) => ({ id: i, image: `/img/${i}.jpg`, stock: i < 2 ? shared : { qty: i }, media_gallery: [{ image: `/img/${i}.jpg` }] }));
    const decoded = roundTrip(docs);
    expect(decoded[0]!.stock).toBe(decoded[1]!.stock);
    expect(decoded[0]!.stock).not.toBe(decoded[2]!.stock);
    expect(decoded[3]!.media_gallery).toEqual([{ image: '/img/3.jpg' }]);
  });
});
