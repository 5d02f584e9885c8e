/**
 * Catalogue query engine benchmark: builds the in-memory index over a synthetic fixings catalogue
 * and times the query shapes the shop sends. Run: `npx tsx bench/catalog-query-engine.ts [products]`
 * (default 50,000). Add `--expose-gc` through NODE_OPTIONS for a settled heap figure.
 */
import { createCatalogIndex, upsertDocuments } from '../src/domain/catalog-query/catalog-index';
import { runCatalogQuery } from '../src/domain/catalog-query/run-query';
import type { CatalogQueryInput, Doc } from '../src/domain/catalog-query/types';

const PRODUCTS = Number(process.argv[2] ?? 50_000);
const RUNS = 300;

function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = rng(42);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const money = (n: number) => Math.round(n * 100) / 100;

const FINISHES = ['Bright Zinc Plated', 'Hot-Dip Galvanised', 'Yellow Passivated', 'A2 Stainless', 'A4 Stainless', 'Black Phosphate'];
const COLOURS = ['Clear', 'White', 'Black', 'Brown', 'Grey', 'Red', 'Yellow', 'Blue'];
const DIAMETERS = ['M5', 'M6', 'M8', 'M10', 'M12', 'M16', 'M20', 'M24'];
const BRANDS = ['Fixmaster', 'Anchora', 'Boltex', 'Sitepro', 'Trademate'];
const FAMILIES = [
  { name: 'Through Bolt', code: 'TB', cat: 'Masonry Anchors', dia: true, lengths: [50, 75, 100, 120, 150, 200, 300], price: [8, 60] },
  { name: 'Sleeve Anchor', code: 'SA', cat: 'Masonry Anchors', dia: true, lengths: [45, 65, 85, 100, 130], price: [6, 40] },
  { name: 'Frame Fixing', code: 'FF', cat: 'Masonry Anchors', sizes: ['8x80', '8x100', '10x100', '10x120', '10x160', '10x200'], price: [5, 30] },
  { name: 'Hammer Fixing', code: 'HF', cat: 'Masonry Anchors', sizes: ['5x30', '6x40', '6x60', '8x80', '10x160'], price: [3, 20] },
  { name: 'Wood Screw', code: 'WS', cat: 'Screws', sizes: ['3.0x16', '4.0x30', '4.0x40', '5.0x50', '5.0x60', '6.0x100', '6.0x200'], price: [3, 15] },
  { name: 'Tek Screw Self Drilling', code: 'TK', cat: 'Screws', sizes: ['5.5x25', '5.5x32', '5.5x50', '5.5x100'], price: [4, 25] },
  { name: 'Concrete Screw', code: 'CS', cat: 'Screws', sizes: ['6.3x30', '7.5x60', '7.5x100', '7.5x150'], price: [6, 45] },
  { name: 'Hex Bolt Grade 8.8', code: 'HB', cat: 'Bolts, Nuts and Washers', dia: true, lengths: [20, 30, 40, 50, 80, 100], price: [4, 35] },
  { name: 'Coach Screw', code: 'CO', cat: 'Bolts, Nuts and Washers', dia: true, lengths: [50, 75, 100, 150], price: [5, 30] },
  { name: 'Threaded Rod 1m', code: 'TR', cat: 'Chemical Anchoring', dia: true, lengths: [1000], price: [2, 15] },
  { name: 'SDS Plus Drill Bit', code: 'SDS', cat: 'Drill Bits and Accessories', sizes: ['5x110', '6x160', '8x160', '10x210', '12x160', '12x210', '16x450', '26x600'], price: [2, 40] },
  { name: 'Polyester Resin Anchor Cartridge', code: 'RES', cat: 'Chemical Anchoring', sizes: ['300ml', '380ml', '410ml'], price: [9, 25] },
  { name: 'Silicone Sealant 310ml', code: 'SIL', cat: 'Adhesives and Sealants', colour: true, price: [3, 12] },
  { name: 'Expanding PU Foam 750ml', code: 'PU', cat: 'Adhesives and Sealants', price: [5, 14] },
  { name: 'Combi Drill 18V Body Only', code: 'CD', cat: 'Power Tools', price: [60, 180] },
  { name: 'Angle Grinder 115mm', code: 'AG', cat: 'Power Tools', price: [45, 160] },
  { name: 'Spirit Level', code: 'SL', cat: 'Hand Tools', sizes: ['600mm', '1200mm', '1800mm'], price: [9, 60] },
  { name: 'Nitrile Gloves Cut Level B', code: 'GL', cat: 'Site Safety', sizes: ['S', 'M', 'L', 'XL'], price: [1, 8] },
] as const;

const CATEGORIES = [...new Set(FAMILIES.map((f) => f.cat))].map((name, i) => ({ category_id: 10 + i, name }));
const categoryOf = (name: string) => CATEGORIES.find((c) => c.name === name)!;

function generate(count: number): Doc[] {
  const docs: Doc[] = [];
  let id = 1;
  while (docs.length < count) {
    const family = pick(FAMILIES);
    const brand = pick(BRANDS);
    const finishIndex = Math.floor(random() * FINISHES.length);
    const dia = 'dia' in family ? pick(DIAMETERS) : undefined;
    const length = 'lengths' in family ? pick(family.lengths) : undefined;
    const size = 'sizes' in family ? pick(family.sizes) : undefined;
    const pack = pick([50, 100, 200, 500]);
    const colourIndex = Math.floor(random() * COLOURS.length);
    const dims = dia ? `${dia} x ${length}mm` : (size ?? '');
    const name = ['colour' in family ? `${COLOURS[colourIndex]} ` : '', `${brand} ${family.name} ${dims}`, dia ? ` ${FINISHES[finishIndex]}` : '', family.cat === 'Power Tools' ? '' : ` (Box of ${pack})`].join('').replace(/\s+/g, ' ').trim();
    const sku = `FIX-${family.code}-${(dims || 'X').replace(/[^A-Za-z0-9]/g, '').toUpperCase()}-${id}`;
    const price = money(family.price[0] + random() * (family.price[1] - family.price[0]));
    const special = random() < 0.15 ? money(price * 0.85) : undefined;
    const category = categoryOf(family.cat);
    const base: Doc = {
      id,
      sku,
      name,
      type_id: 'simple',
      status: random() < 0.02 ? 2 : 1,
      visibility: random() < 0.03 ? 1 : 4,
      price,
      final_price: special ?? price,
      ...(special ? { special_price: special } : {}),
      category_ids: [2, category.category_id, 100 + FAMILIES.indexOf(family)],
      category: [category, { category_id: 100 + FAMILIES.indexOf(family), name: family.name }],
      finish: 200 + finishIndex,
      colour: 300 + colourIndex,
      ...(dia ? { bolt_diameter: 400 + DIAMETERS.indexOf(dia), anchor_length: length } : {}),
      keywords: family.code === 'SIL' ? 'mastic caulk' : family.code === 'TB' ? 'wedge anchor' : undefined,
      position: Math.floor(random() * 1000),
      created_at: new Date(Date.UTC(2023, 0, 1) + Math.floor(random() * 7e10)).toISOString(),
      updated_at: new Date(Date.UTC(2024, 0, 1) + Math.floor(random() * 3e10)).toISOString(),
      stock: { is_in_stock: random() > 0.1, qty: Math.floor(random() * 500) },
    };
    id++;
    if (random() < 0.1 && docs.length + 5 < count) {
      const children = [0, 1, 2].map((n) => ({
        id: id + n,
        sku: `${sku}-C${n}`,
        name: `${name} ${FINISHES[(finishIndex + n) % FINISHES.length]}`,
        type_id: 'simple',
        status: 1,
        visibility: 1,
        price: money(price + n),
        final_price: money(price + n),
        finish: 200 + ((finishIndex + n) % FINISHES.length),
        colour: 300 + ((colourIndex + n) % COLOURS.length),
      }));
      id += 3;
      docs.push({ ...base, type_id: 'configurable', configurable_children: children, finish_options: children.map((c) => c.finish), colour_options: children.map((c) => c.colour) });
      for (const child of children) docs.push({ ...child, category_ids: base.category_ids, category: base.category });
    } else docs.push(base);
  }
  return docs.slice(0, count);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

const heapMb = () => {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed / 1024 / 1024;
};

const heapBefore = heapMb();
let t = performance.now();
const docs = generate(PRODUCTS);
const generateMs = performance.now() - t;
const heapDocs = heapMb();

t = performance.now();
const index = createCatalogIndex('product', docs);
const buildMs = performance.now() - t;
t = performance.now();
index.textIndex();
const textBuildMs = performance.now() - t;

const someSku = () => String(pick(docs).sku);
const categories = CATEGORIES.map((c) => c.category_id).concat(FAMILIES.map((_, i) => 100 + i));
const shapes: [string, () => CatalogQueryInput][] = [
  ['text "m10 through bolt"', () => ({ searchQuery: { _searchText: pick(['m10 through bolt', 'frame fixing 10x100', 'sds bit 12mm', 'tek screws', 'resin anchor']) } })],
  ['misspelt text', () => ({ searchQuery: { _searchText: pick(['anchr', 'thruogh bolt m10', 'silcone', 'concreet screw', 'spirt level']) } })],
  [
    'category + sort + 4 aggregations',
    () => ({
      size: 50,
      searchQuery: {
        _appliedFilters: [{ attribute: 'category_ids', value: { in: [pick(categories)] } }],
        _availableFilters: ['colour', 'finish', 'bolt_diameter', 'price'].map((field) => ({ field, scope: 'catalog' as const })),
        _appliedSort: [{ field: 'final_price', options: pick(['asc', 'desc'] as const) }],
      },
    }),
  ],
  ['price range filter', () => ({ searchQuery: { _appliedFilters: [{ attribute: 'price', value: { gte: pick([0, 50, 100]), lte: pick([50, 100, 150]) }, scope: 'catalog' as const }] } })],
  ['SKU query', () => ({ searchQuery: { _searchText: someSku() } })],
  ['all products, default sort, page 3', () => ({ from: 100, size: 50 })],
];

console.log(`catalogue query engine, ${docs.length.toLocaleString('en-GB')} products (node ${process.version})`);
console.log(`generate ${generateMs.toFixed(0)} ms; index build ${buildMs.toFixed(0)} ms + text index ${textBuildMs.toFixed(0)} ms`);
// "first" includes building the filter postings / sort orders the query needs; "cpu" is this
// process's CPU time per query (a fairer figure than wall time on a busy machine).
console.log('query'.padEnd(36), 'first ms'.padStart(9), 'median ms'.padStart(10), 'p95 ms'.padStart(8), 'cpu ms'.padStart(8), 'hits(last)'.padStart(11));
for (const [label, make] of shapes) {
  let start = performance.now();
  runCatalogQuery(index, make());
  const first = performance.now() - start;
  const times: number[] = [];
  let total = 0;
  const cpu = process.cpuUsage();
  for (let i = 0; i < RUNS; i++) {
    const query = make();
    start = performance.now();
    total = runCatalogQuery(index, query).total;
    times.push(performance.now() - start);
  }
  const { user, system } = process.cpuUsage(cpu);
  times.sort((a, b) => a - b);
  console.log(
    label.padEnd(36),
    first.toFixed(2).padStart(9),
    percentile(times, 0.5).toFixed(3).padStart(10),
    percentile(times, 0.95).toFixed(3).padStart(8),
    ((user + system) / 1000 / RUNS).toFixed(3).padStart(8),
    String(total).padStart(11),
  );
}

const updates = docs.slice(0, 1000).map((d) => ({ ...d, price: money(Number(d.price) * 1.05), final_price: money(Number(d.final_price) * 1.05) }));
t = performance.now();
for (const doc of updates.slice(0, 100)) upsertDocuments(index, [doc]);
const singleMs = (performance.now() - t) / 100;
t = performance.now();
upsertDocuments(index, updates);
const batchMs = performance.now() - t;
t = performance.now();
runCatalogQuery(index, shapes[2]![1]());
const afterBatchMs = performance.now() - t;
console.log(`upsert one document (all structures built): ${singleMs.toFixed(3)} ms; batch of 1,000: ${batchMs.toFixed(0)} ms; next sorted query: ${afterBatchMs.toFixed(1)} ms`);
console.log(`heap: documents ${(heapDocs - heapBefore).toFixed(0)} MB, index ${(heapMb() - heapDocs).toFixed(0)} MB`);
