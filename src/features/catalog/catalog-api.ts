import { MESSAGES, ResponseFormatError, replyError } from '../../../replication/api/api-errors';
import { currentStore, storeParams } from '../../i18n/store-views';
import type { Doc } from '../../domain/catalog-query/types';

/**
 * The one place the storefront reads the server directly (url mapping, CMS, blog, banners, reviews,
 * and the envelope calls under catalogue search, which goes through the configured adapter in
 * search-adapter.ts). Feature hooks call these; when the local database answers a read instead, only
 * the hook's query function changes.
 */
export type { Doc };

export interface CatalogResult<T = Doc> {
  items: T[];
  total: number;
  aggregations: Record<string, { buckets: { key: string | number; doc_count: number; from?: number; to?: number }[] }>;
  attributeMetadata: { attribute_code: string; frontend_label?: string; options?: { label: string; value: string }[] }[];
  perPage?: number;
}

/** Catalogue reads give up after this long and count as not answered (the device's copy then answers). */
export const CATALOG_READ_TIMEOUT_MS = 20_000;

const withTimeout = (signal: AbortSignal | undefined) =>
  signal ? AbortSignal.any([signal, AbortSignal.timeout(CATALOG_READ_TIMEOUT_MS)]) : AbortSignal.timeout(CATALOG_READ_TIMEOUT_MS);

/**
 * How the storefront's reads reach the server: the browser's fetch of a same-origin path. The server
 * renders pages with these same reads and answers them in-process (server/render), so a server-rendered
 * page holds exactly what the browser would have read.
 */
export type ApiFetch = (path: string, init?: RequestInit) => Promise<Response>;
let transport: ApiFetch = (path, init) => fetch(path, init);
export const apiFetch: ApiFetch = (path, init) => transport(path, init);
export function setApiFetch(next: ApiFetch): void {
  transport = next;
}

export function withStore(path: string): string {
  const params = new URLSearchParams(storeParams(currentStore()));
  const query = params.toString();
  return query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path;
}

export async function apiCall<T>(path: string, init?: { method?: string; body?: unknown; signal?: AbortSignal }): Promise<T> {
  const response = await apiFetch(withStore(path), {
    method: init?.method ?? (init?.body === undefined ? 'GET' : 'POST'),
    headers: init?.body === undefined ? {} : { 'content-type': 'application/json' },
    body: init?.body === undefined ? null : JSON.stringify(init.body),
    signal: withTimeout(init?.signal),
  });
  if (!(response.headers.get('content-type') ?? '').includes('json')) throw new ResponseFormatError(MESSAGES.badContentType, response.status);
  const reply = (await response.json()) as { code?: number; result?: unknown; meta?: unknown };
  if (reply.code === undefined) throw new ResponseFormatError(MESSAGES.wrongFormat, response.status);
  if (reply.code !== 200) throw replyError(reply.code, typeof reply.result === 'string' ? reply.result : MESSAGES.wrongFormat);
  return reply.result as T;
}

export interface UrlMapping {
  _type: 'product' | 'category' | 'cms_page';
  _source: Doc;
  childSku?: string;
}

/** POST /api/url/map; `meta.childSku` (a configurable child's url) is folded into the result. */
export async function mapUrl(url: string, childSku?: string): Promise<UrlMapping> {
  const response = await apiFetch(withStore('/api/url/map'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url, ...(childSku ? { filters: { sku: childSku } } : {}) }),
  });
  const reply = (await response.json()) as { code: number; result: UrlMapping | string; meta?: { childSku?: string } };
  if (reply.code !== 200 || typeof reply.result === 'string') throw replyError(reply.code, typeof reply.result === 'string' ? reply.result : 'No mapping found for path');
  return reply.meta?.childSku ? { ...reply.result, childSku: reply.meta.childSku } : reply.result;
}

export const cmsPageByIdentifier = (identifier: string) => apiCall<Doc>(`/api/ext/cms-data/cmsPageIdentifier/${encodeURIComponent(identifier)}/storeId/${currentStore().storeId}`);
export const cmsBlockByIdentifier = (identifier: string) => apiCall<Doc>(`/api/ext/cms-data/cmsBlockIdentifier/${encodeURIComponent(identifier)}/storeId/${currentStore().storeId}`);
export const blogList = () => apiCall<{ items: Doc[]; total_count: number }>('/api/ext/blog/list?pageSize=50&currentPage=1');
export const blogPost = (id: string) => apiCall<Doc>(`/api/ext/blog/single/${encodeURIComponent(id)}`);
export const staticContent = <T>(name: 'promoted_offers' | 'accreditations' | 'info_links') => apiCall<T>(`/api/ext/static-content/${name}`);
export const reviewList = (productId: number) => apiCall<{ items: Doc[]; total_count: number }>(`/api/review/list?productId=${productId}`);
export const createReview = (review: { product_id: number; title: string; detail: string; nickname: string }) =>
  apiCall<unknown>('/api/review/create', { body: { review: { ...review, review_entity: 'product' } } });

/** GET /pub/banners.json answers the plain file shape (no envelope); only status 1 banners are shown. */
export async function activeBanners(): Promise<Doc[]> {
  const response = await apiFetch('/pub/banners.json');
  if (!response.ok) throw replyError(response.status, 'Banners unavailable');
  const body = (await response.json()) as { banners?: Doc[] };
  return (body.banners ?? []).filter((b) => b.status === 1);
}
