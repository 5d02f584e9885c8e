import { describe, expect, it } from 'vitest';
import { createCatalogIndex, removeDocuments, upsertDocuments, type CatalogIndex } from './catalog-index';
import { runCatalogQuery } from './run-query';
import type { CatalogQueryInput, Doc } from './types';

const product = (id: number | string, fields: Doc = {}): Doc => ({ id, sku: `SKU-${id}`, type_id: 'simple', visibility: 4, status: 1, ...fields });
const ids = (index: CatalogIndex, query: CatalogQueryInput) => runCatalogQuery(index, { size: 500, ...query }).items.map((d) => d.id);

describe('incremental updates', () => {
  it('replaces a document by id, numbers and their text being the same id', () => {
    const index = createCatalogIndex('product', [product(5, { name: 'Old Anchor' })]);
    upsertDocuments(index, [product('5', { name: 'New Anchor' })]);
    const result = runCatalogQuery(index, { searchQuery: { _searchText: 'anchor' } });
    expect(result.total).toBe(1);
    expect(result.items[0]!.name).toBe('New Anchor');
    expect(ids(index, { searchQuery: { _searchText: 'old' } })).toEqual([]);
  });

  it('keeps filters, facets, sort orders, text and SKU lookups current after upserts and removals', () => {
    const index = createCatalogIndex('product', [
      product(1, { name: 'Through Bolt M10', colour: 49, final_price: 10, position: 1 }),
      product(2, { name: 'Sleeve Anchor M8', colour: 50, final_price: 20, position: 2 }),
      product(3, { name: 'Frame Fixing', colour: 49, final_price: 30, position: 3 }),
    ]);
    const facets = { searchQuery: { _availableFilters: [{ field: 'colour' }, { field: 'price' }] } };
    // Build every lazy structure first, so the updates below have to maintain them.
    expect(ids(index, { sort: 'final_price:asc' })).toEqual([1, 2, 3]);
    expect(ids(index, { searchQuery: { _appliedFilters: [{ attribute: 'colour', value: 49 }] } })).toEqual([3, 1]);
    expect(ids(index, { searchQuery: { _searchText: 'SKU-2' } })).toEqual([2]);
    expect(runCatalogQuery(index, facets).aggregations.agg_terms_colour!.buckets).toEqual([{ key: 49, doc_count: 2 }, { key: 50, doc_count: 1 }]);

    upsertDocuments(index, [product(1, { name: 'Through Bolt M10', colour: 50, final_price: 99, position: 1 }), product(4, { name: 'Resin Anchor', colour: 49, final_price: 5 })]);
    removeDocuments(index, [2, 'missing']);
    upsertDocuments(index, [product(3, { name: 'Frame Fixing', colour: 49, final_price: 30, visibility: 1 })]);

    expect(ids(index, { sort: 'final_price:asc' })).toEqual([4, 1]);
    expect(ids(index, { sort: 'final_price:desc' })).toEqual([1, 4]);
    expect(ids(index, { searchQuery: { _appliedFilters: [{ attribute: 'colour', value: 49 }] } })).toEqual([4]);
    expect(ids(index, { searchQuery: { _appliedFilters: [{ attribute: 'price', value: { gte: 50 } }] } })).toEqual([1]);
    expect(ids(index, { searchQuery: { _searchText: 'SKU-2' } })).not.toContain(2);
    expect(ids(index, { searchQuery: { _searchText: 'anchor' } })).toEqual([4]);
    const result = runCatalogQuery(index, facets);
    expect(result.total).toBe(2);
    expect(result.aggregations.agg_terms_colour!.buckets).toEqual([{ key: 49, doc_count: 1 }, { key: 50, doc_count: 1 }]);
    expect(result.aggregations.agg_range_price!.buckets.map((b) => b.doc_count)).toEqual([1, 1, 0, 0]);
  });

  it('reuses the slot of a removed document for a new one', () => {
    const index = createCatalogIndex('product', [product(1, { name: 'Anchor' }), product(2, { name: 'Bolt' })]);
    ids(index, { sort: 'id:desc', searchQuery: { _searchText: 'anchor' } });
    removeDocuments(index, [1]);
    upsertDocuments(index, [product(3, { name: 'Washer' })]);
    expect(ids(index, { sort: 'id:desc' })).toEqual([3, 2]);
    expect(ids(index, { searchQuery: { _searchText: 'anchor' } })).toEqual([]);
    expect(ids(index, { searchQuery: { _searchText: 'washer' } })).toEqual([3]);
  });

  it('forgets the terms of a replaced or removed document of the bulk-built text index', () => {
    const index = createCatalogIndex('product', [product(1, { name: 'Wedge Anchor' }), product(2, { name: 'Wedge Bolt' }), product(3, { name: 'Hex Nut' })]);
    const vocab = index.textIndex().vocab;
    expect(vocab.df[vocab.id('wedge')!]).toBe(2);
    upsertDocuments(index, [product(1, { name: 'Sleeve Anchor' })]);
    removeDocuments(index, [3]);
    expect(vocab.df[vocab.id('wedge')!]).toBe(1);
    expect(vocab.liveId('hex')).toBeUndefined();
    expect(vocab.liveId('sku-3')).toBeUndefined();
    expect(vocab.df[vocab.id('anchor')!]).toBe(1);
    // Replaced again: now from the added postings, not the bulk-built ones.
    upsertDocuments(index, [product(1, { name: 'Hex Anchor' })]);
    expect(vocab.liveId('sleeve')).toBeUndefined();
    expect(vocab.df[vocab.id('hex')!]).toBe(1);
  });

  it('sorts times in ISO form as their text does, before and after keys of other kinds join the column', () => {
    const next = random(11);
    const time = () => new Date(Date.UTC(2000 + Math.floor(next() * 30), 0, 1) + Math.floor(next() * 365 * 86_400_000)).toISOString();
    const docs = new Map<number, Doc>();
    for (let id = 1; id <= 60; id++) docs.set(id, product(id, id % 9 === 0 ? {} : { updated_at: id % 7 === 0 ? [time(), time()] : time() }));
    docs.set(61, product(61, { updated_at: docs.get(1)!.updated_at })); // a tie, broken by id
    // The documented order: numbers, then text (lower-cased), a list by its smallest (asc) or largest (desc) value; no value last; ties by id.
    const expected = (dir: 'asc' | 'desc') => {
      const rank = (v: unknown) => (typeof v === 'number' ? [0, v] : [1, String(v).toLowerCase()]) as [number, number | string];
      const keyOf = (doc: Doc) => {
        const values = ([] as unknown[]).concat(doc.updated_at ?? []).map(rank);
        values.sort((x, y) => x[0] - y[0] || (x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : 0));
        return dir === 'asc' ? values[0] : values[values.length - 1];
      };
      return [...docs.values()]
        .sort((x, y) => {
          const kx = keyOf(x);
          const ky = keyOf(y);
          if (!kx || !ky) return kx === ky ? 0 : kx ? -1 : 1;
          const c = kx[0] - ky[0] || (kx[1] < ky[1] ? -1 : kx[1] > ky[1] ? 1 : 0);
          return (dir === 'asc' ? c : -c) || Number(x.id) - Number(y.id);
        })
        .map((d) => d.id);
    };
    const index = createCatalogIndex('product', docs.values());
    for (const dir of ['asc', 'desc'] as const) expect(ids(index, { sort: `updated_at:${dir}` })).toEqual(expected(dir));
    const changes: Doc[] = [
      product(5, { updated_at: '2001-02-03T04:05:06.007Z' }),
      product(62, { updated_at: '2024-02-30T00:00:00.000Z' }), // no such day: compared as text
      product(63, { updated_at: 'Yesterday' }),
      product(64, { updated_at: 20240101 }),
    ];
    for (const doc of changes) {
      upsertDocuments(index, [doc]);
      docs.set(Number(doc.id), doc);
      for (const dir of ['asc', 'desc'] as const) expect(ids(index, { sort: `updated_at:${dir}` }), JSON.stringify(doc)).toEqual(expected(dir));
    }
    const fresh = createCatalogIndex('product', docs.values());
    for (const dir of ['asc', 'desc'] as const) expect(ids(fresh, { sort: `updated_at:${dir}` })).toEqual(expected(dir));
  });

  it('rejects documents without an id', () => {
    expect(() => createCatalogIndex('product', [{ name: 'x' }])).toThrow(/id/);
  });
});

/** A small deterministic random source, so a failure can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
}

function randomProduct(next: () => number, id: number): Doc {
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
  const name = [pick(['Through', 'Sleeve', 'Frame', 'Hex', 'Resin']), pick(['Bolt', 'Anchor', 'Fixing', 'Nut']), pick(['M8', 'M10', 'M12', '10x100'])].join(' ');
  const configurable = next() < 0.2;
  return product(id, {
    name,
    type_id: configurable ? 'configurable' : 'simple',
    visibility: next() < 0.1 ? 1 : 4,
    status: next() < 0.05 ? 2 : 1,
    colour: next() < 0.1 ? undefined : Math.floor(next() * 12),
    ...(configurable ? { colour_options: [Math.floor(next() * 12), Math.floor(next() * 12)] } : {}),
    final_price: Math.round(next() * 20000) / 100,
    position: Math.floor(next() * 40),
    category_ids: [2, 10 + Math.floor(next() * 5)],
  });
}

const QUERIES: CatalogQueryInput[] = [
  { sort: 'final_price:asc' },
  { sort: 'final_price:desc', from: 7, size: 30 },
  {},
  { searchQuery: { _appliedFilters: [{ attribute: 'colour', value: [1, 2, 3], scope: 'catalog' }], _availableFilters: [{ field: 'colour' }, { field: 'price' }, { field: 'category_ids' }] } },
  { searchQuery: { _appliedFilters: [{ attribute: 'price', value: { gte: 50, lt: 150 } }, { attribute: 'category_ids', value: { nin: [11] } }] }, sort: 'position:asc,final_price:desc' },
  { searchQuery: { _searchText: 'bolt m10' }, sort: 'id:asc' },
  { searchQuery: { _searchText: 'anchr' }, sort: 'id:asc' },
];

describe('incremental index equals a fresh one', () => {
  for (const seed of [1, 2, 3]) {
    it(`after random upserts and removals (seed ${seed})`, () => {
      const next = random(seed);
      const docs = new Map<number, Doc>();
      for (let id = 1; id <= 400; id++) docs.set(id, randomProduct(next, id));
      const index = createCatalogIndex('product', docs.values());
      for (let round = 0; round < 20; round++) {
        for (const query of QUERIES) runCatalogQuery(index, query);
        const changed = Array.from({ length: 1 + Math.floor(next() * 80) }, () => randomProduct(next, 1 + Math.floor(next() * 500)));
        const removed = Array.from({ length: Math.floor(next() * 10) }, () => 1 + Math.floor(next() * 500));
        upsertDocuments(index, changed);
        removeDocuments(index, removed);
        for (const doc of changed) docs.set(Number(doc.id), doc);
        for (const id of removed) docs.delete(id);
      }
      const fresh = createCatalogIndex('product', docs.values());
      for (const query of QUERIES) {
        const a = runCatalogQuery(index, { size: 500, ...query });
        const b = runCatalogQuery(fresh, { size: 500, ...query });
        expect({ ...a, items: a.items.map((d) => d.id) }, JSON.stringify(query)).toEqual({ ...b, items: b.items.map((d) => d.id) });
      }
    });
  }

  it('after enough single updates to rebuild the text index', () => {
    const next = random(7);
    const docs = new Map<number, Doc>();
    for (let id = 1; id <= 300; id++) docs.set(id, randomProduct(next, id));
    const index = createCatalogIndex('product', docs.values());
    runCatalogQuery(index, { searchQuery: { _searchText: 'bolt' } });
    for (let i = 0; i < 12_000; i++) {
      const doc = randomProduct(next, 1 + Math.floor(next() * 300));
      upsertDocuments(index, [doc]);
      docs.set(Number(doc.id), doc);
    }
    const fresh = createCatalogIndex('product', docs.values());
    for (const text of ['bolt', 'resin anchor m12', 'SKU-17']) {
      const query = { size: 500, sort: 'id:asc', searchQuery: { _searchText: text } };
      expect(ids(index, query), text).toEqual(ids(fresh, query));
    }
  });
});

describe('a text index restored from its saved state', () => {
  const SEARCHES = ['bolt', 'resin anchor m12', 'anchr', 'anc', 'fram fix', 'SKU-17', 'sku-1', '10x100', 'hex nut m8'];
  const sameAnswers = (a: CatalogIndex, b: CatalogIndex) => {
    for (const text of SEARCHES) {
      for (const sort of [undefined, 'id:asc']) {
        const query = { size: 500, ...(sort ? { sort } : {}), searchQuery: { _searchText: text } };
        const [x, y] = [runCatalogQuery(a, query), runCatalogQuery(b, query)];
        expect({ ...x, items: x.items.map((d) => d.id) }, text).toEqual({ ...y, items: y.items.map((d) => d.id) });
      }
    }
  };

  it('answers as the index it was saved from, before and after the same changes to both', () => {
    const next = random(11);
    const docs = new Map<number, Doc>();
    for (let id = 1; id <= 400; id++) docs.set(id, randomProduct(next, id));
    const built = createCatalogIndex('product', docs.values(), { prebuild: { text: true } });
    // As the snapshot carries it: a structured copy (what v8.serialize keeps).
    const state = structuredClone(built.textIndexState());
    expect(state).toBeDefined();
    const restored = createCatalogIndex('product', docs.values(), { prebuild: { text: true }, text: state });
    sameAnswers(restored, built);
    expect(restored.textIndexState()).toEqual(built.textIndexState());

    for (let round = 0; round < 5; round++) {
      const changed = Array.from({ length: 1 + Math.floor(next() * 40) }, () => randomProduct(next, 1 + Math.floor(next() * 500)));
      const removed = Array.from({ length: Math.floor(next() * 10) }, () => 1 + Math.floor(next() * 500));
      for (const index of [restored, built]) {
        upsertDocuments(index, changed);
        removeDocuments(index, removed);
      }
    }
    // Changed since its build: no longer the index a build over its documents makes, so not saved.
    expect(restored.textIndexState()).toBeUndefined();
    sameAnswers(restored, built);
  });

  it('is refused over other documents or of another version', () => {
    const docs = [product(1, { name: 'Hex Bolt' }), product(2, { name: 'Wedge Anchor' })];
    const state = createCatalogIndex('product', docs, { prebuild: { text: true } }).textIndexState()!;
    expect(() => createCatalogIndex('product', [...docs, product(3)], { text: state })).toThrow(/slots/);
    expect(() => createCatalogIndex('product', docs, { text: { ...state, version: state.version - 1 } })).toThrow(/version/);
    expect(() => createCatalogIndex('category', docs, { text: state })).toThrow(/fields/);
  });
});
