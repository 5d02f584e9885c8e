/**
 * The `POST /api/catalog` bodies the load cycles through, built with the storefront's own query
 * builders so the benchmark sends what shoppers' browsers send: half text searches (exact, misspelt,
 * dimensions, a SKU), half category listings with filters, facets, sort and "load more".
 * Ids are the demo catalogue's (server/seed): category 20 Anchors & Fixings, 161 Wood Screws,
 * 101 Through Bolts, 281 Silicone Sealants; bolt_diameter 10 = M10, finish 130 = bright zinc plated.
 */
import { categoryListQuery, searchTextQuery, type ListFilters, type SortKey } from '../src/domain/catalog/list-query';

/** What a browser's fetch sends: JSON over the server's threshold comes compressed, as shoppers get it. */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

const FACETS = ['finish', 'material', 'bolt_diameter', 'colour'];
const none: ListFilters = { attributes: {} };
const listing = (categoryId: number, sort: SortKey, filters = none, from = 0) => categoryListQuery({ categoryId, filters, sort, from, facets: FACETS });

export const TEXT_QUERIES: readonly unknown[] = [
  'through bolt m10',
  'anchr',
  'frame fixing 10x100',
  'sds bit 12mm',
  'wood screw 4.0 x 40 yellow',
  'silcone sealant white',
  'TR-M12-CUT-Z',
].map((text) => searchTextQuery(text, 0));

export const FILTER_QUERIES: readonly unknown[] = [
  listing(20, 'recommended'),
  listing(161, 'price-asc'),
  listing(101, 'recommended', { attributes: { bolt_diameter: ['10'], finish: ['130'] } }),
  listing(20, 'price-desc', { attributes: {}, price: { from: 10, to: 50 } }),
  listing(161, 'latest', none, 50),
  listing(281, 'recommended', { attributes: { colour: ['51'] } }),
];

/** Text and filter queries interleaved, so every connection sends both kinds. */
export const MIXED_QUERIES: readonly unknown[] = TEXT_QUERIES.flatMap((text, i) => [text, ...(FILTER_QUERIES[i] ? [FILTER_QUERIES[i]] : [])]);
