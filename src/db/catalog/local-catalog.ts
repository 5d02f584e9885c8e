import type { CatalogQueryInput } from '../../../schemas/catalog-query';
import type { LocalCatalogIndex, LocalEntity } from './catalog-index';
import type { CatalogResult, Doc } from '../../domain/catalog-query/types';
import { databaseLatch } from './database-latch';

/**
 * What the screens know of the local catalogue, without loading the database: the database and its
 * index arrive in a lazy chunk after the first render and register here. `replicated` turns true once
 * this tab's replication has caught up (or the replica already held products when the page opened),
 * and only then do lists answer locally online; offline, any local documents beat an error.
 */
export interface LocalCatalogState {
  products: number;
  replicated: boolean;
  /** The database is open and its index registered: from now on a local answer is a real answer. */
  registered: boolean;
}

let index: LocalCatalogIndex | null = null;
let state: LocalCatalogState = { products: 0, replicated: false, registered: false };
const listeners = new Set<() => void>();
const registration = databaseLatch<LocalCatalogIndex>();

function publish(next: LocalCatalogState): void {
  if (next.products === state.products && next.replicated === state.replicated && next.registered === state.registered) return;
  state = next;
  // A marker for tests and diagnostics: <html data-catalog-ready="true"> once the replica answers.
  if (typeof document !== 'undefined') document.documentElement.dataset.catalogReady = String(state.replicated && state.products > 0);
  listeners.forEach((l) => l());
}

export function registerLocalCatalog(local: LocalCatalogIndex): void {
  index = local;
  const update = () => publish({ ...state, products: local.count('product'), registered: true });
  update();
  if (state.products > 0) publish({ ...state, replicated: true });
  local.changes$.subscribe(update);
  registration.set(local);
}

export function markCatalogReplicated(): void {
  publish({ ...state, replicated: true });
}

export const localCatalogState = (): LocalCatalogState => state;

export function subscribeLocalCatalog(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * Offline, right after a reload, the database may still be opening when a page first asks: the read
 * waits for it (as long as the offline redirect would) instead of failing before it could answer.
 */
export async function whenOfflineCatalogOpens(): Promise<void> {
  if (isOffline()) await registration.wait();
}

/** Whether lists, facets and product pages should be answered by the local index right now. */
export function localCatalogAnswers(): boolean {
  if (!index || state.products === 0) return false;
  return state.replicated || isOffline();
}

/** Runs a catalogue query on the local index; call only when `hasLocalDocuments()` (else it is empty). */
export function queryLocalCatalog(entity: LocalEntity, query: CatalogQueryInput): CatalogResult {
  return index ? index.query(entity, query) : { items: [], total: 0, aggregations: {}, attributeMetadata: [], perPage: 0 };
}

/** Listed local products whose SKU, child SKU or EAN is exactly `code`: one lookup, no search (empty before the index registers). */
export function findLocalProductsByCode(code: string): Doc[] {
  return index ? index.findProductsByCode(code) : [];
}

export const hasLocalDocuments = (): boolean => Boolean(index) && state.products > 0;
