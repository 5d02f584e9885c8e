import { parsePrice } from '../../src/domain/catalog/filter-url';
import { SORTS } from '../../src/domain/catalog/list-query';

/**
 * Which page a request asks for, as the server renders and caches it. The address is always the
 * shop's own (`PUBLIC_URL`): a request line such as `//evil.example/` or `/\evil.example/` (which
 * URL parsing reads as another host) is a path on this shop, never an origin that would end up in
 * the canonical, Open Graph and JSON-LD URLs of a page cached for everyone.
 */
export interface PageRequest {
  /** Absolute URL to render: the shop's origin, the normalised path, the query without marketing parameters. */
  url: URL;
  /** The output cache's key, or undefined when the query has a parameter no page reads (rendered, not cached). */
  cacheKey: string | undefined;
}

/** Added by ad and mail campaigns for analytics; no page reads them, so they neither key nor defeat the cache. */
const MARKETING = /^(?:utm_[a-z_]+|gclid|gclsrc|dclid|gbraid|wbraid|fbclid|msclkid|yclid|twclid|ttclid|li_fat_id|igshid|mc_cid|mc_eid|_ga|_gl|_hsenc|_hsmi|mkt_tok)$/i;

/** The query parameters a server-rendered page reads (category list state, a configurable's child), with what each accepts. */
const PAGE_PARAMS: Record<string, (value: string) => boolean> = {
  sort: (value) => Object.hasOwn(SORTS, value),
  price: (value) => parsePrice(value) !== undefined,
  childSku: (value) => value.length > 0 && value.length <= 64,
};
/** A category filter (`?bolt_diameter=10,12`) takes an attribute's code; its value is the options chosen. */
const FILTER_VALUE = /^[^,]{1,64}(?:,[^,]{1,64}){0,19}$/;

/** `isFilter(code)`: whether the catalogue has an attribute with that code. */
export function pageRequest(rawUrl: string, publicUrl: string, isFilter: (code: string) => boolean): PageRequest {
  const cut = rawUrl.indexOf('?');
  const rawPath = cut === -1 ? rawUrl : rawUrl.slice(0, cut);
  const url = new URL(publicUrl);
  // Browsers read a backslash as a slash; runs of slashes are one. Setting only the path keeps the origin.
  url.pathname = rawPath.replace(/\\/g, '/').replace(/\/{2,}/g, '/');
  const query = new URLSearchParams(cut === -1 ? '' : rawUrl.slice(cut + 1));
  const kept = new URLSearchParams();
  let cacheable = true;
  for (const [name, value] of query) {
    if (MARKETING.test(name)) continue;
    kept.append(name, value);
    const accepts = Object.hasOwn(PAGE_PARAMS, name) ? PAGE_PARAMS[name] : isFilter(name) ? (v: string) => FILTER_VALUE.test(v) : undefined;
    if (!accepts?.(value) || query.getAll(name).length > 1) cacheable = false;
  }
  url.search = kept.toString();
  return { url, cacheKey: cacheable ? `${url.pathname}${url.search}` : undefined };
}
