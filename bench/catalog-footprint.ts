/**
 * The server's in-memory product catalogue at a given size, outside the HTTP server: heap and
 * off-heap bytes per product of the search index (documents included) right after the build and
 * after the storefront's queries have run, then the CPU per uncached query (the server's
 * `queryJson`: engine and JSON, no HTTP, no gzip) for searches and listings. Products come from the
 * demo catalogue's generator, as the seed writes them, each parsed from its JSON as a database read gives it.
 * Then `bytesPerProductByPart`: the same catalogue built again one structure at a time (the pooled
 * documents, the store, the code lookup, the text index, the prebuilt filter fields and sort orders),
 * each part's bytes a product after a full collection.
 * Usage: node --expose-gc --import tsx bench/catalog-footprint.ts [products=50000] [rounds=3]
 * Prints one JSON object.
 */
import { parseCatalogQuery } from '../schemas/catalog-query';
import { AttributeLookup, SearchIndexLoader } from '../server/catalog/search-index';
import { CatalogIndex, defaultTextFields } from '../src/domain/catalog-query/catalog-index';
import { EFFECTIVE_PRICE } from '../src/domain/catalog-query/field-values';
import { ValuePool } from '../src/domain/catalog-query/value-pool';
import { generateCatalog } from '../server/seed/generate-catalog';
import type { Doc, QueryContext } from '../src/domain/catalog-query/types';
import { taxRatesByClass } from '../src/domain/pricing/tax-rate';
import { storefrontQueries } from '../tests/unit/catalog-golden/storefront-query-set';
import { round } from './stats';

const products = Number(process.argv[2] ?? 50_000);
const rounds = Number(process.argv[3] ?? 3);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');

/** Heap and off-heap (typed arrays, Buffers) in use after a full collection, in bytes. */
function usedBytes(): number {
  gc!();
  gc!();
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
}

/** The products as JSON rows (what a database read parses), the storefront's queries and the attributes. */
function prepare() {
  const catalogue = generateCatalog({ products, now: new Date(Date.UTC(2025, 0, 15)) });
  const queries = storefrontQueries(catalogue).map(({ name, query }) => {
    const parsed = parseCatalogQuery(query);
    if (!parsed.ok) throw new Error(`${name}: ${parsed.message}`);
    return parsed.value;
  });
  const attributes = new AttributeLookup();
  attributes.upsert(catalogue.attributes);
  const context: QueryContext = { attributesByCode: attributes.get, taxRates: taxRatesByClass(catalogue.taxrules, 'GB') };
  return { rows: catalogue.products.map((p) => JSON.stringify(p)), queries, context };
}

const { rows, queries, context } = prepare();
const count = rows.length;

const before = usedBytes();
const rssBefore = process.memoryUsage().rss;
let started = performance.now();
// As the server loads it: parsed rows handed over in batches.
const loader = new SearchIndexLoader('product');
for (let i = 0; i < rows.length; i += 2000) loader.add(rows.slice(i, i + 2000).map((row) => JSON.parse(row) as Doc));
let index: ReturnType<SearchIndexLoader['finish']> | undefined = loader.finish();
const buildMs = performance.now() - started;
// The rows stay alive until the end: they are counted in `before`, and so in every figure below.
const afterBuild = usedBytes();

const productQueries = queries.filter((q) => q.type === 'product');
const isText = (q: (typeof productQueries)[number]) => (q.searchQuery?._searchText ?? '').trim() !== '';
function cpuPerQuery(list: typeof productQueries): number {
  const cpu = process.cpuUsage();
  for (const query of list) index!.queryJson(query, context);
  const { user, system } = process.cpuUsage(cpu);
  return (user + system) / 1000 / list.length;
}
started = performance.now();
cpuPerQuery(productQueries); // first round: lazily built structures (filter postings, orders)
const firstRoundMs = performance.now() - started;
const text: number[] = [];
const listing: number[] = [];
for (let r = 0; r < rounds; r++) {
  text.push(cpuPerQuery(productQueries.filter(isText)));
  listing.push(cpuPerQuery(productQueries.filter((q) => !isText(q))));
}
const afterQueries = usedBytes();
const best = (values: number[]) => round(Math.min(...values), 3);
const rssAfterQueries = process.memoryUsage().rss;

/** Where the bytes go: the catalogue built again part by part, with the first one gone. */
function byPart(): Record<string, number> {
  index = undefined;
  const parts: Record<string, number> = {};
  let last = usedBytes();
  const measure = (name: string) => {
    const now = usedBytes();
    parts[name] = round((now - last) / count, 0);
    last = now;
  };
  const pool = new ValuePool();
  const docs: Doc[] = [];
  for (let i = 0; i < rows.length; i += 500) docs.push(...pool.internAll(rows.slice(i, i + 500).map((row) => JSON.parse(row) as Doc)));
  measure('documents');
  const parted = new CatalogIndex('product', defaultTextFields('product'));
  parted.upsert(docs);
  measure('store and baseline');
  parted.codeLookup();
  measure('code lookup');
  parted.textIndex();
  measure('text index');
  for (const field of ['category_ids', EFFECTIVE_PRICE]) {
    parted.termPostings(field);
    measure(`filter ${field}`);
  }
  for (const field of ['position', 'final_price', 'updated_at', 'created_at']) {
    parted.sortColumn(field).order('asc');
    parted.sortColumn(field).order('desc');
    measure(`sort ${field}`);
  }
  return parts;
}
const parts = byPart();

console.log(
  JSON.stringify({
    products: count,
    rowBytesPerProduct: round(rows.reduce((sum, row) => sum + row.length, 0) / count, 0),
    buildMs: round(buildMs, 0),
    bytesPerProductAfterBuild: round((afterBuild - before) / count, 0),
    bytesPerProductAfterQueries: round((afterQueries - before) / count, 0),
    rssDeltaMbAfterQueries: round((rssAfterQueries - rssBefore) / 1024 / 1024, 0),
    firstRoundMs: round(firstRoundMs, 0),
    queries: { text: productQueries.filter(isText).length, listing: productQueries.filter((q) => !isText(q)).length },
    cpuMsPerTextQuery: best(text),
    cpuMsPerListingQuery: best(listing),
    bytesPerProductByPart: parts,
  }),
);
