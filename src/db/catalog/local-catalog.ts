import type { Observable } from 'rxjs';
import type { CatalogQueryInput } from '../../../schemas/catalog-query';
import type { LocalEntity } from './catalog-index';
import type { CatalogResult, Doc } from '../../domain/catalog-query/types';
import { afterThisTask } from '../yield-to-main';
import { databaseLatch } from './database-latch';
import { isHiddenProduct, restrictedCategories, withoutHidden } from '../../domain/catalog-query/trade-only';
import { MAX_PAGE_SIZE } from '../../../schemas/catalog-query';

/** What changes in the local catalogue: an indexed entity, or the content collection (tax rules, CMS). */
export type CatalogueChange = LocalEntity | 'content';

/**
 * Who answers the local catalogue: the catalogue worker (src/catalog-worker/), which holds the
 * replica's index off this page's thread, or, where workers are missing, the index on this page
 * (in-page-catalog.ts). Answers are plain data either way.
 */
export interface LocalCatalogSource {
  /** Same semantics as POST /api/catalog, answered from the device's replica. */
  query(entity: LocalEntity, query: CatalogQueryInput): Promise<CatalogResult>;
  /** For each code, the listed products whose SKU, configurable child SKU or EAN is exactly it (see `findByCode`). */
  findProductsByCodes(codes: readonly string[]): Promise<Map<string, Doc[]>>;
  /** Live documents held for the entity, as last known. */
  count(entity: LocalEntity): number;
  /** Emits after a change of the entity has been applied (at most once per stored batch). */
  changes$: Observable<CatalogueChange>;
  /**
   * The products the replica holds once caught up (the download's scale, readShopProducts), null
   * until known, where the source reads it itself (the worker); absent where it does not (this page's own index).
   */
  shopProducts$?: Observable<number | null>;
}

const EMPTY_RESULT: CatalogResult = { items: [], total: 0, aggregations: {}, attributeMetadata: [], perPage: 0 };

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
  /**
   * The products the replica holds once caught up, as the catalogue worker read it (null until it
   * has); undefined where nobody tells it (before registration, or the catalogue on this page): the
   * download panel then asks the server itself.
   */
  shopProducts?: number | null;
}

let index: LocalCatalogSource | null = null;
/** Plain listeners, not an rxjs Subject: this module is on every first screen, rxjs comes with the database. */
const changeListeners = new Set<(change: CatalogueChange) => void>();
let state: LocalCatalogState = { products: 0, replicated: false, registered: false };
const listeners = new Set<() => void>();
const registration = databaseLatch<LocalCatalogSource>();

let told = true;

/**
 * Whose catalogue the device answers with: the signed-in customer's group, or guests' (0). Trade-only
 * categories and their products are left out for a group they name, as the server leaves them out
 * (src/domain/catalog-query/trade-only.ts). The hidden categories are worked out once per group and
 * category change, from the replica's categories.
 */
let viewerGroup = 0;
let hiddenForViewer: Promise<Set<number>> | null = null;

/** Returns whether the group changed (the screens' catalogue reads are then read again). */
export function setCatalogViewerGroup(groupId: number): boolean {
  if (groupId === viewerGroup) return false;
  viewerGroup = groupId;
  hiddenForViewer = null;
  return true;
}

function hiddenCategories(source: LocalCatalogSource): Promise<Set<number>> {
  const group = viewerGroup;
  hiddenForViewer ??= source
    .query('category', { type: 'category', size: MAX_PAGE_SIZE.category })
    .then((categories) => restrictedCategories(categories.items, group))
    .catch((error: unknown) => {
      hiddenForViewer = null;
      throw error;
    });
  return hiddenForViewer;
}

/**
 * The screens hear of a new state in a task of their own, once for any number of states published
 * in one task: a state comes with a worker's message (or the database's registration), and the
 * screens' renders it causes (the download panel's progress, a quick-order row) made one long task
 * with that work on a phone. Reads (`localCatalogState()`, `localCatalogAnswers()`) see it at once.
 */
function tellListeners(): void {
  if (!told) return;
  told = false;
  afterThisTask(() => {
    told = true;
    // A marker for tests and diagnostics: <html data-catalog-ready="true"> once the replica answers.
    // Written when it changes only: a write to <html> is a DOM mutation (observers, style checks) on every state.
    const ready = String(state.replicated && state.products > 0);
    if (typeof document !== 'undefined' && document.documentElement.dataset.catalogReady !== ready) document.documentElement.dataset.catalogReady = ready;
    listeners.forEach((l) => l());
  });
}

function publish(next: LocalCatalogState): void {
  if (next.products === state.products && next.replicated === state.replicated && next.registered === state.registered && next.shopProducts === state.shopProducts) return;
  state = next;
  tellListeners();
}

/**
 * `storedMeansReplicated`: products already stored count as a complete replica (this page's own
 * index: they are an earlier visit's download). Not for the worker: a shared worker may be in the
 * middle of another tab's first download; it says when it has caught up.
 */
export function registerLocalCatalog(local: LocalCatalogSource, storedMeansReplicated = true): void {
  index = local;
  const update = () => publish({ ...state, products: local.count('product'), registered: true });
  if (local.shopProducts$) state = { ...state, shopProducts: null };
  update();
  local.shopProducts$?.subscribe((shopProducts) => publish({ ...state, shopProducts }));
  if (storedMeansReplicated && state.products > 0) publish({ ...state, replicated: true });
  local.changes$.subscribe((change) => {
    if (change === 'category') hiddenForViewer = null;
    update();
    // A copy: a listener added while this change is told hears the next one, as with a Subject.
    for (const listener of [...changeListeners]) listener(change);
  });
  registration.set(local);
}

/**
 * Calls `listener` with each change of the local catalogue from now on, whoever holds it (nothing
 * before the database opens); as an observable: `localCatalogChanges()` (local-catalog-changes.ts).
 */
export function onLocalCatalogChange(listener: (change: CatalogueChange) => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

/**
 * Caught up: the count is read again as it is marked, so `replicated` never comes with a count from
 * before the last batches (the worker tells its count with every state, a change only now and then),
 * and a panel never says "All n products are saved" of an n short of the shop.
 */
export function markCatalogReplicated(): void {
  publish({ ...state, ...(index ? { products: index.count('product') } : {}), replicated: true });
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
export async function queryLocalCatalog(entity: LocalEntity, query: CatalogQueryInput): Promise<CatalogResult> {
  if (!index) return EMPTY_RESULT;
  if (entity === 'attribute') return index.query(entity, query);
  return index.query(entity, withoutHidden({ ...query, type: entity }, await hiddenCategories(index)));
}

/** Listed local products whose SKU, child SKU or EAN is exactly each code: one lookup, no search (empty before the index registers). */
export async function findLocalProductsByCodes(codes: readonly string[]): Promise<Map<string, Doc[]>> {
  if (!index || codes.length === 0) return new Map();
  const [found, hidden] = await Promise.all([index.findProductsByCodes(codes), hiddenCategories(index)]);
  if (hidden.size === 0) return found;
  return new Map([...found].map(([code, docs]) => [code, docs.filter((doc) => !isHiddenProduct(doc, hidden))]));
}

export async function findLocalProductsByCode(code: string): Promise<Doc[]> {
  return (await findLocalProductsByCodes([code])).get(code) ?? [];
}

export const hasLocalDocuments = (): boolean => Boolean(index) && state.products > 0;
