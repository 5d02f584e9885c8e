import { dehydrate, hydrate, type QueryClient, type QueryKey, type QueryState } from '@tanstack/react-query';
import { ROOT_CATEGORY_ID, type CategoryNode, type CategoryTree } from '../features/catalog/use-category-tree';
import type { AttributeMeta } from '../features/catalog/use-attributes';

/**
 * The reads a server render answered, carried to the browser in the page's route loader data so the
 * first browser render starts from the same data (and so matches the server's HTML). Only plain JSON
 * travels: the category tree goes as its flat nodes (rebuilt here), the attribute list as entries, and
 * an error as its message.
 *
 * Every page carries the category tree (the menu), so it travels as short rows with only what the
 * browser's components read: no meta title or description (the server's head tags read its own tree)
 * and a description only for the page's own categories. Such a trimmed tree is as fresh as the rest
 * for the page it came with (read again right after hydration, it cost two re-renders of every menu
 * and list in the hydration's first second); `importQueries` names it, and the app reads the whole
 * tree again when the shopper first moves to another page (`refreshTrimmed`).
 */
type PageContext = { categoryIds: ReadonlySet<number> };
type Codec = { out: (data: unknown, page: PageContext) => unknown; in: (data: unknown) => unknown; trimmed?: boolean };

/** id, name, parent id, level, in menu (1/0), restricted groups, url path, url key, product count (or null), description? */
type TreeRow = [number, string, number, number, 0 | 1, number[], string, string, number | null, string?];
const treeCodec: Codec = {
  trimmed: true,
  out: (data, page) =>
    [...(data as CategoryTree).byId.values()].map((n): TreeRow => {
      const row: TreeRow = [n.id, n.name, n.parentId, n.level, n.includeInMenu ? 1 : 0, n.restrictedGroups, n.urlPath, n.urlKey, n.productCount ?? null];
      if (n.description !== undefined && page.categoryIds.has(n.id)) row.push(n.description);
      return row;
    }),
  in: (data) => {
    const nodes = (data as TreeRow[]).map(
      ([id, name, parentId, level, inMenu, restrictedGroups, urlPath, urlKey, productCount, description]): CategoryNode => ({
        id,
        name,
        parentId,
        level,
        includeInMenu: inMenu === 1,
        restrictedGroups,
        urlPath,
        urlKey,
        ...(description === undefined ? {} : { description }),
        ...(productCount === null ? {} : { productCount }),
        children: [],
      }),
    );
    const byId = new Map(nodes.map((n) => [n.id, n]));
    for (const node of nodes) byId.get(node.parentId)?.children.push(node);
    return { byId, roots: byId.get(ROOT_CATEGORY_ID)?.children ?? [] } satisfies CategoryTree;
  },
};

/** The categories a page lists (their descriptions show on it). */
function pageContext(keys: readonly QueryKey[]): PageContext {
  const categoryIds = new Set<number>();
  for (const key of keys) {
    const request = key[0] === 'category-products' ? (key[1] as { categoryId?: unknown } | undefined) : undefined;
    if (typeof request?.categoryId === 'number') categoryIds.add(request.categoryId);
  }
  return { categoryIds };
}

type FlatAttribute = Omit<AttributeMeta, 'options'> & { options: [string, string][] };
const attributesCodec: Codec = {
  out: (data) => [...(data as Map<string, AttributeMeta>).values()].map((a): FlatAttribute => ({ ...a, options: [...a.options] })),
  in: (data) => new Map((data as FlatAttribute[]).map((a) => [a.code, { ...a, options: new Map(a.options) }])),
};

const CODECS: Record<string, Codec> = { 'category-tree': treeCodec, attributes: attributesCodec };
const codecOf = (key: readonly unknown[]) => CODECS[String(key[0])];

/** A settled query as JSON: its key, hash and state with the data encoded and an error as its message. */
interface TransferredQuery {
  queryKey: QueryKey;
  queryHash: string;
  dehydratedAt?: number;
  state: Omit<QueryState, 'data' | 'error' | 'fetchFailureReason'> & { data: unknown; error: { message: string } | null };
}

export interface TransferredQueries {
  queries: TransferredQuery[];
}

/** The settled queries of a server render (answers and errors), as JSON. */
export function exportQueries(client: QueryClient): TransferredQueries {
  const state = dehydrate(client, { shouldDehydrateQuery: (q) => q.state.status !== 'pending', shouldRedactErrors: () => false });
  const page = pageContext(state.queries.map((q) => q.queryKey));
  return {
    queries: state.queries.map(({ queryKey, queryHash, dehydratedAt, state: { data, error, fetchFailureReason: _reason, ...rest } }) => {
      const codec = codecOf(queryKey);
      return {
        queryKey,
        queryHash,
        ...(dehydratedAt === undefined ? {} : { dehydratedAt }),
        state: { ...rest, data: codec && data !== undefined ? codec.out(data, page) : data, error: error ? { message: error instanceof Error ? error.message : String(error) } : null },
      };
    }),
  };
}

/**
 * Puts a server render's queries into the browser's cache before the first render. Their answers count
 * as read now, fresh for their stale time: the page may come from the server's output cache (a day),
 * which is purged when its products or categories change, so an old render time does not mean old
 * data, and a stale entry was read again by every component mounting in the hydration, one fetch and
 * one re-render each in the hydration's first task. Returns the keys of the trimmed ones (the category
 * tree), for `refreshTrimmed` once the shopper leaves the page.
 */
export function importQueries(client: QueryClient, transferred: TransferredQueries): QueryKey[] {
  const now = Date.now();
  hydrate(client, {
    mutations: [],
    queries: transferred.queries.map(({ queryKey, queryHash, state: { data, error, ...rest } }) => {
      const codec = codecOf(queryKey);
      return {
        queryKey,
        queryHash,
        dehydratedAt: now,
        state: {
          ...rest,
          ...(data !== undefined ? { dataUpdatedAt: now } : {}),
          data: codec && data !== undefined ? codec.in(data) : data,
          error: error ? new Error(error.message) : null,
          fetchFailureReason: null,
        },
      };
    }),
  });
  return transferred.queries.filter(({ queryKey, state }) => codecOf(queryKey)?.trimmed && state.data !== undefined).map((q) => q.queryKey);
}

/**
 * The whole of each trimmed query, read in the background (its page keeps showing the trimmed data
 * meanwhile): called when the shopper first moves on, so another category's description is there
 * on the next page, without a re-render of the hydrating one.
 */
export function refreshTrimmed(client: QueryClient, keys: readonly QueryKey[]): void {
  for (const queryKey of keys) void client.invalidateQueries({ queryKey, exact: true });
}

export const isTransferredQueries = (value: unknown): value is TransferredQueries =>
  typeof value === 'object' && value !== null && Array.isArray((value as TransferredQueries).queries);
