import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createCatalogIndex, upsertDocuments } from './catalog-index';
import { runCatalogQuery } from './run-query';
import { setNarrowing } from './text-search';
import type { Doc } from './types';

let nextId = 1;
const product = (name: string, fields: Doc = {}): Doc => {
  const id = nextId++;
  return { id, sku: `P-${id}`, name, type_id: 'simple', visibility: 4, status: 1, ...fields };
};

const catalogue = [
  product('Through Bolt M10 x 100mm Bright Zinc Plated (Box of 50)', { sku: 'FIX-TB-M10100', category: [{ category_id: 10, name: 'Masonry Anchors' }] }),
  product('Through Bolt M12 x 100mm Bright Zinc Plated (Box of 50)', { sku: 'FIX-TB-M12100', category: [{ category_id: 10, name: 'Masonry Anchors' }] }),
  product('Frame Fixing 8 x 80mm (Box of 100)', { sku: 'FIX-FF-0880' }),
  product('Frame Fixing 10 x 100mm (Box of 50)', { sku: 'FIX-FF-10100' }),
  product('Polyester Resin Anchor 380ml', { sku: 'CHEM-PE-380', ean: '5012345678900' }),
  product('Clear Silicone Sealant 310ml', { sku: 'SEAL-SIL-CL', keywords: ['mastic'] }),
  product('SDS Plus Drill Bit 10 x 160mm', { sku: 'SDS-10160' }),
  product('SDS Plus Drill Bit 12 x 160mm', { sku: 'SDS-12160' }),
  product('Tek Screws Self Drilling 5.5 x 32mm (Box of 100)', { sku: 'TEK-5532' }),
  product('Hex Nut M10 A2 Stainless', { sku: '12345' }),
  product('Washer 12345 12345 12345', { sku: 'W-1' }),
  product('Configurable Wedge Anchor', {
    sku: 'WEDGE',
    type_id: 'configurable',
    configurable_children: [{ sku: 'WEDGE-M8' }, { sku: 'WEDGE-M10', ean: '4006381333931' }],
  }),
  product('Hidden Through Bolt M10', { visibility: 1 }),
];

const search = (text: string, extra: object = {}) => runCatalogQuery(createCatalogIndex('product', catalogue), { searchQuery: { _searchText: text }, ...extra });
const names = (text: string) => search(text).items.map((d) => d.name);

describe('text search', () => {
  it('ranks the best match first and respects the baseline filters', () => {
    const found = names('m10 through bolt');
    expect(found[0]).toBe('Through Bolt M10 x 100mm Bright Zinc Plated (Box of 50)');
    expect(found).not.toContain('Hidden Through Bolt M10');
  });

  it('needs 75 % of the words: 2 of 3, 3 of 4 (rounded down, at least 1)', () => {
    // "m10 through bolt": the M12 bolt matches "through" and "bolt" (2 of 3) and is listed below the M10 one.
    expect(names('m10 through bolt')).toContain('Through Bolt M12 x 100mm Bright Zinc Plated (Box of 50)');
    // The nut matches only "m10" (1 of 3).
    expect(names('m10 through bolt')).not.toContain('Hex Nut M10 A2 Stainless');
    // 4 words need 3: the M12 bolt matches only "through", "bolt", "zinc" → 3 of 4 passes; the frame fixing 1 of 4 does not.
    expect(names('through bolt zinc m10')).toContain('Through Bolt M12 x 100mm Bright Zinc Plated (Box of 50)');
    expect(names('through bolt zinc m10')).not.toContain('Frame Fixing 10 x 100mm (Box of 50)');
    expect(names('hex nut')).toEqual(['Hex Nut M10 A2 Stainless']);
  });

  it('finds misspelt words within the allowed edits', () => {
    expect(names('anchr')).toContain('Polyester Resin Anchor 380ml');
    expect(names('thruogh bolt')[0]).toMatch(/^Through Bolt/);
    expect(names('silcone')).toEqual(['Clear Silicone Sealant 310ml']);
    expect(names('tek screw')[0]).toBe('Tek Screws Self Drilling 5.5 x 32mm (Box of 100)');
  });

  it('never matches words with digits fuzzily: m10 does not find M12', () => {
    expect(names('m10')).not.toContain('Through Bolt M12 x 100mm Bright Zinc Plated (Box of 50)');
  });

  it('matches the parts of size words: 10x100 finds "10 x 100mm", 12mm finds "12 x 160mm"', () => {
    expect(names('frame fixing 10x100')[0]).toBe('Frame Fixing 10 x 100mm (Box of 50)');
    expect(names('sds bit 12mm')[0]).toBe('SDS Plus Drill Bit 12 x 160mm');
  });

  it('completes the last word as a prefix while typing', () => {
    expect(names('silic')).toEqual(['Clear Silicone Sealant 310ml']);
    // "fix" is also a word of the FIX-… SKUs (1 of 2 words is enough), but "frame" + "fix…" ranks first.
    expect(names('frame fix').slice(0, 2)).toEqual(['Frame Fixing 8 x 80mm (Box of 100)', 'Frame Fixing 10 x 100mm (Box of 50)']);
  });

  it('searches keywords and category names', () => {
    expect(names('mastic')).toEqual(['Clear Silicone Sealant 310ml']);
    expect(names('masonry')).toHaveLength(2);
  });

  it('puts an exact SKU match first, then an exact configurable child SKU match, above relevance', () => {
    expect(names('FIX-TB-M10100')[0]).toBe('Through Bolt M10 x 100mm Bright Zinc Plated (Box of 50)');
    expect(names('fix-tb-m10100')[0]).toBe('Through Bolt M10 x 100mm Bright Zinc Plated (Box of 50)');
    // The washer names 12345 three times (name boost 4 > sku 2), yet the exact SKU comes first.
    expect(names('12345')).toEqual(['Hex Nut M10 A2 Stainless', 'Washer 12345 12345 12345']);
    expect(names('WEDGE-M10')[0]).toBe('Configurable Wedge Anchor');
    // An SKU fragment copied from an invoice completes to the SKUs it starts.
    expect(names('FIX-TB-M1')).toHaveLength(2);
  });

  it("finds a product by its EAN, and a configurable product by a variant's EAN, whole only", () => {
    expect(names('5012345678900')).toEqual(['Polyester Resin Anchor 380ml']);
    expect(names('4006381333931')).toEqual(['Configurable Wedge Anchor']);
    expect(names('501234567')).toEqual([]);
  });

  it('scores a word by its best alternative: an exact match beats several fuzzy or prefix ones', () => {
    const docs = [product('Bolts Boltz Bolty'), product('Bolt Cutter'), ...Array.from({ length: 20 }, (_, i) => product(`Filler ${i}`))];
    const result = runCatalogQuery(createCatalogIndex('product', docs), { searchQuery: { _searchText: 'bolt' } });
    expect(result.items.map((d) => d.name)).toEqual(['Bolt Cutter', 'Bolts Boltz Bolty']);
  });

  it('drops hits scoring under 2 % of the best', () => {
    const filler = Array.from({ length: 60 }, (_, i) => `word${String.fromCharCode(97 + (i % 26))}`).join(' ');
    const docs = [
      product('Anchor'),
      product('Anchor Plate Heavy Duty'),
      // A 2-edit fuzzy match deep in a long, low-boost field: far under 2 % of the best hit.
      product('Something else', { category: [{ category_id: 1, name: `anchored ${filler}` }] }),
      ...Array.from({ length: 50 }, (_, i) => product(`Filler ${i}`)),
    ];
    const result = runCatalogQuery(createCatalogIndex('product', docs), { searchQuery: { _searchText: 'anchor' } });
    expect(result.items.map((d) => d.name)).toEqual(['Anchor', 'Anchor Plate Heavy Duty']);
    expect(result.total).toBe(2);
  });

  it('combines text with filters, counting only filtered hits', () => {
    const result = search('through bolt', { searchQuery: { _searchText: 'through bolt', _appliedFilters: [{ attribute: 'sku', value: 'FIX-TB-M12100' }] } });
    expect(result.items.map((d) => d.sku)).toEqual(['FIX-TB-M12100']);
    expect(result.total).toBe(1);
  });

  it('sorts by an explicit sort instead of relevance when asked', () => {
    const result = search('through bolt', { sort: 'sku:desc' });
    expect(result.items.map((d) => d.sku)).toEqual(['FIX-TB-M12100', 'FIX-TB-M10100']);
  });

  it('returns nothing for words nobody uses', () => {
    expect(search('zzzzqqq').total).toBe(0);
  });
});

describe('text search narrowed to the slots a hit can be', () => {
  const BRANDS = ['Stoneclaw', 'Adherix', 'Voltrax', 'Ironmark', 'Hivora'];
  const WORDS = ['Series', 'Series', 'Series', 'Pro', 'Bolt', 'Anchor', 'Screw', 'Zinc', 'Plated', 'M10', 'M12', '10x100', '3', '4', '13', '130mm', 'Heavy', 'Duty'];
  const CATEGORIES = ['Masonry Anchors', 'Bolts', 'Screws Series'];
  const QUERY_WORDS = ['series', 'stonclaw', 'adherix', 'voltrx', 'pro', 'bolt', 'bolts', 'anchr', 'zinc', 'm10', '10x100', '3', '4', '13', 'heavy', 'duty', 'screw', 'masonry', 'ser'];
  const name = (random: () => number) => {
    const words = [BRANDS[Math.floor(random() * BRANDS.length)]!];
    for (let i = 0, n = 2 + Math.floor(random() * 5); i < n; i++) words.push(WORDS[Math.floor(random() * WORDS.length)]!);
    return words.join(' ');
  };
  const docsOf = (seed: number, count: number, from: number): Doc[] => {
    let state = seed;
    const random = () => ((state = (state * 1103515245 + 12345) >>> 0) / 2 ** 32);
    return Array.from({ length: count }, (_, i) => ({
      id: from + i,
      sku: `S-${from + i}`,
      name: name(random),
      type_id: 'simple',
      visibility: random() < 0.9 ? 4 : 1,
      status: 1,
      price: Math.floor(random() * 200),
      category: [{ category_id: 1 + Math.floor(random() * 3), name: CATEGORIES[Math.floor(random() * CATEGORIES.length)]! }],
    }));
  };

  afterEach(() => setNarrowing(true));

  it('finds the same hits, scores and order as a search over every allowed slot', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 30 }), fc.array(fc.constantFrom(...QUERY_WORDS), { minLength: 3, maxLength: 6 }), fc.boolean(), (seed, words, sorted) => {
        const index = createCatalogIndex('product', docsOf(seed, 300, 1));
        // Added and replaced documents: postings outside the bulk-built block, and retired ones inside it.
        upsertDocuments(index, docsOf(seed + 1, 40, 280));
        const query = {
          size: 20,
          searchQuery: {
            _searchText: words.join(' '),
            _appliedFilters: [{ attribute: 'category.category_id', value: { in: [1, 2] } }],
            _availableFilters: [{ field: 'price' }],
          },
          ...(sorted ? { sort: 'price:asc' } : {}),
        };
        setNarrowing(false);
        const everywhere = runCatalogQuery(index, query);
        setNarrowing(true, 0);
        const narrowed = runCatalogQuery(index, query);
        expect(narrowed).toEqual(everywhere);
        expect(narrowed.items.map((d) => d.id)).toEqual(everywhere.items.map((d) => d.id));
      }),
      { numRuns: 200 },
    );
  });
});
