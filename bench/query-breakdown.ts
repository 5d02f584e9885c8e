/**
 * Which of the load's queries cost the most: each body alone, one request at a time (no queueing),
 * median of repeats, with the response size. Under 32 connections a single server process queues
 * requests, so latency there is roughly 32 x the service time measured here. Sent with `cache-control:
 * no-cache`, so each is computed, not served from the reply cache.
 */
import { BENCH_ADMIN_TOKEN } from './bench-server';
import { BROWSER_HEADERS, FILTER_QUERIES, TEXT_QUERIES } from './search-queries';
import { median, round } from './stats';

export interface QueryCost {
  kind: 'text' | 'filter';
  query: string;
  medianMs: number;
  /** Uncompressed JSON. */
  responseKb: number;
  total: number;
}

export interface Body {
  from?: number;
  searchQuery?: { _searchText?: string; _appliedFilters?: { attribute: string; value: unknown }[]; _appliedSort?: { field: string; options: string }[] };
}

/** A short label: the text, or the filters other than the visibility rules, the sort and the offset. */
export function describeQuery(body: Body): string {
  const q = body.searchQuery ?? {};
  if (q._searchText) return `"${q._searchText}"`;
  const filters = (q._appliedFilters ?? []).filter((f) => f.attribute !== 'visibility' && f.attribute !== 'status').map((f) => `${f.attribute}=${JSON.stringify(f.value)}`);
  const sort = (q._appliedSort ?? []).map((s) => `${s.field} ${s.options}`);
  return [...filters, ...sort.map((s) => `sort ${s}`), ...(body.from ? [`from ${body.from}`] : [])].join(', ');
}

export async function queryBreakdown(url: string, repeats = 30): Promise<QueryCost[]> {
  const costs: QueryCost[] = [];
  const kinds = [...TEXT_QUERIES.map((q) => ['text', q] as const), ...FILTER_QUERIES.map((q) => ['filter', q] as const)];
  for (const [kind, query] of kinds) {
    const body = JSON.stringify(query);
    const times: number[] = [];
    let bytes = 0;
    let total = 0;
    for (let i = 0; i < repeats; i++) {
      const started = performance.now();
      const response = await fetch(`${url}/api/catalog`, { method: 'POST', headers: { 'content-type': 'application/json', 'cache-control': 'no-cache', 'x-admin-token': BENCH_ADMIN_TOKEN, ...BROWSER_HEADERS }, body });
      const text = await response.text();
      times.push(performance.now() - started);
      bytes = text.length;
      if (i === 0) total = (JSON.parse(text) as { result: { total: number } }).result.total;
    }
    costs.push({ kind, query: describeQuery(query as Body), medianMs: round(median(times), 2), responseKb: round(bytes / 1024, 1), total });
  }
  return costs.sort((a, b) => b.medianMs - a.medianMs);
}
