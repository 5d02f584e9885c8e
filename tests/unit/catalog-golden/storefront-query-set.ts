/**
 * The storefront's catalogue queries over the demo catalogue (server/seed) at a fixed size, seed and
 * day, so the ranked answers can be compared before and after a change to the query engine. Built
 * with the storefront's own query builders (list-query.ts) in the shapes of the bench's shopper mix
 * (bench/query-mix.ts: every category, sort and first two pages, price ranges; searches from product
 * names, misspelt and as random pairs) and of the GraphQL comparison test (home lists, facet filters,
 * include/exclude, other entity types), plus SKU, child SKU, EAN and SKU-prefix searches.
 */
import type { DemoCatalog } from '../../../server/seed/generate-catalog';
import { generateCatalog } from '../../../server/seed/generate-catalog';
import { mulberry32 } from '../../../server/seed/rng';
import type { CatalogQuery } from '../../../schemas/catalog-query';
import { categoryListQuery, homeListQuery, PAGE_SIZE, priceFilter, searchTextQuery, SORTS, type SortKey } from '../../../src/domain/catalog/list-query';
import { FILTER_QUERIES, TEXT_QUERIES } from '../../../bench/search-queries';
import type { QueryContext } from '../../../src/domain/catalog-query/types';
import { taxRatesByClass } from '../../../src/domain/pricing/tax-rate';

export const GOLDEN_PRODUCTS = 4000;
/** A fixed day: the catalogue's special-price windows and dates hang on it. */
export const GOLDEN_DAY = new Date(Date.UTC(2025, 0, 15));

const FACETS = ['finish', 'material', 'bolt_diameter', 'colour'];
const PRICE_RANGES = [{ from: 0, to: 10 }, { from: 10, to: 50 }, { from: 50, to: 100 }, { from: 100 }];

export interface NamedQuery {
  name: string;
  query: CatalogQuery;
}

export const goldenCatalogue = (): DemoCatalog => generateCatalog({ products: GOLDEN_PRODUCTS, now: GOLDEN_DAY });

/** The context both sides query with, as the server and the device build it: facet labels and the UK rates. */
export function goldenQueryContext(catalogue: DemoCatalog, attributesByCode: QueryContext['attributesByCode']): QueryContext {
  return { attributesByCode, taxRates: taxRatesByClass(catalogue.taxrules, 'GB') };
}

const misspell = (word: string, r: number) => (word.length > 4 ? word.slice(0, 1 + Math.floor(r * (word.length - 2))) + word.slice(2 + Math.floor(r * (word.length - 2))) : word);

type Row = Record<string, unknown>;
const strings = (values: unknown[]): string[] => values.filter((v): v is string => typeof v === 'string' && v !== '');

export function storefrontQueries(catalogue: DemoCatalog): NamedQuery[] {
  const random = mulberry32(20);
  const out: NamedQuery[] = [];
  const add = (name: string, query: unknown) => out.push({ name, query: query as CatalogQuery });

  TEXT_QUERIES.forEach((q, i) => add(`bench text ${i}`, q));
  FILTER_QUERIES.forEach((q, i) => add(`bench listing ${i}`, q));

  const categoryIds = catalogue.categories.map((c) => Number(c.id));
  for (const categoryId of categoryIds) {
    for (const sort of Object.keys(SORTS) as SortKey[]) {
      for (const from of [0, PAGE_SIZE]) add(`category ${categoryId} ${sort} from ${from}`, categoryListQuery({ categoryId, sort, from, facets: FACETS, filters: { attributes: {} } }));
      const price = PRICE_RANGES[Math.floor(random() * PRICE_RANGES.length)]!;
      add(`category ${categoryId} ${sort} price ${price.from}`, categoryListQuery({ categoryId, sort, from: 0, facets: FACETS, filters: { attributes: {}, price } }));
    }
  }

  // Facet filters the way a shopper picks them: a value of each facet from the category's products.
  const products = catalogue.products as unknown as Row[];
  for (const categoryId of categoryIds.slice(0, 40)) {
    const inCategory = products.filter((p) => Array.isArray(p.category_ids) && p.category_ids.includes(categoryId));
    const sample = inCategory[Math.floor(random() * inCategory.length)];
    if (!sample) continue;
    const attributes: Record<string, string[]> = {};
    for (const facet of FACETS) {
      const value = sample[facet];
      if (typeof value === 'number' || typeof value === 'string') attributes[facet] = [String(value)];
    }
    add(`category ${categoryId} facets`, categoryListQuery({ categoryId, sort: 'price-asc', from: 0, facets: FACETS, filters: { attributes } }));
  }

  add('home list', homeListQuery());
  add('home list new', homeListQuery([{ attribute: 'new', value: { in: ['1'] } }]));
  add('all products default', { type: 'product' });
  add('all products page 3', { type: 'product', from: 100, size: 50 });
  add('price filter with facets', { type: 'product', size: 20, searchQuery: { _appliedFilters: [priceFilter({ from: 10, to: 20 })], _availableFilters: [{ field: 'price' }, { field: 'finish' }] } });
  add('sort text, include and exclude', { type: 'product', size: 20, from: 5, sort: 'final_price:desc,sku:asc', sourceInclude: ['sku', 'name', 'stock'], sourceExclude: ['stock.qty'] });
  add('category counts', { type: 'product', size: 1, searchQuery: { _availableFilters: [{ field: 'category_ids', options: { size: 999 } }] } });
  add('categories tree', { type: 'category', size: 4000, searchQuery: { _appliedSort: [{ field: 'position', options: 'asc' }] }, sourceExclude: ['children_data'] });
  add('categories for the mix', { type: 'category', size: 2000, sourceInclude: ['id', 'product_count'] });
  add('attributes', { type: 'attribute', size: 150 });
  add('tax rules', { type: 'taxrule', size: 100 });
  add('CMS pages', { type: 'cms_page', size: 20 });
  add('CMS blocks active', { type: 'cms_block', searchQuery: { _appliedFilters: [{ attribute: 'active', value: { in: [true] } }] } });
  add('category search text', { type: 'category', searchQuery: { _searchText: 'anchors' } });

  // Searches from product names (the mix takes the first 400 of the default order; here every 10th product).
  const names = strings(products.filter((_, i) => i % 10 === 0).map((p) => p.name));
  const words = [...new Set(names.flatMap((n) => n.toLowerCase().split(/[^a-z0-9.]+/).filter((w) => w.length > 2)))];
  const phrases = [...new Set(names.map((n) => n.toLowerCase().split(/\s+/).slice(0, 3).join(' ')))].slice(0, 150);
  for (const phrase of phrases) add(`phrase "${phrase}"`, searchTextQuery(phrase, 0));
  for (const phrase of phrases.slice(0, 80)) {
    const typo = phrase.split(' ').map((w, i) => (i === 0 ? misspell(w, random()) : w)).join(' ');
    add(`misspelt "${typo}"`, searchTextQuery(typo, 0));
  }
  for (const word of words.slice(0, 250)) add(`word "${word}"`, searchTextQuery(word, 0));
  for (let i = 0; i < 120; i++) {
    const a = words[Math.floor(random() * words.length)]!;
    const b = words[Math.floor(random() * words.length)]!;
    add(`pair ${i}`, searchTextQuery(`${misspell(a, random())} ${b}`, 0));
  }
  for (const prefix of ['thr', 'anch', 'scr', 'frame fix', 'sds pl', 'm1', 'wood screw 4']) add(`typing "${prefix}"`, searchTextQuery(prefix, 0));
  for (const text of ['through bolt m10', 'anchr']) add(`"${text}" load more`, searchTextQuery(text, PAGE_SIZE));

  // Codes: own SKUs, children's SKUs, EANs, prefixes and case changes of them.
  const codes: string[] = [];
  for (let i = 0; i < 40; i++) {
    const p = products[Math.floor(random() * products.length)]!;
    codes.push(...strings([p.sku, p.ean]));
    const children = Array.isArray(p.configurable_children) ? (p.configurable_children as Row[]) : [];
    if (children[0]) codes.push(...strings([children[0].sku, children[0].ean]));
  }
  for (const code of codes) add(`code "${code}"`, searchTextQuery(code, 0));
  for (const code of codes.slice(0, 20)) {
    add(`code lower "${code}"`, searchTextQuery(code.toLowerCase(), 0));
    add(`code prefix "${code.slice(0, 6)}"`, searchTextQuery(code.slice(0, 6), 0));
  }
  return out;
}

/** The codes the quick order pad resolves: SKUs, children's SKUs and EANs, with unknown ones. */
export function padCodes(catalogue: DemoCatalog): string[] {
  const products = catalogue.products as unknown as Row[];
  const codes: string[] = ['NO-SUCH-SKU', '0000000000000', ' '];
  for (let i = 0; i < products.length; i += 37) {
    const p = products[i]!;
    codes.push(...strings([p.sku, p.ean]));
    const children = Array.isArray(p.configurable_children) ? (p.configurable_children as Row[]) : [];
    for (const child of children.slice(0, 2)) codes.push(...strings([child.sku, child.ean]));
  }
  return codes;
}
