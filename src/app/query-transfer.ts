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
 * and a description only for the page's own categories. Such a trimmed tree is marked invalidated, so
 * the browser reads the whole tree again after hydration (its local catalogue, else the API).
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

/** Puts a server render's queries into the browser's cache before the first render. */
export function importQueries(client: QueryClient, transferred: TransferredQueries): void {
  hydrate(client, {
    mutations: [],
    queries: transferred.queries.map(({ queryKey, queryHash, dehydratedAt, state: { data, error, ...rest } }) => {
      const codec = codecOf(queryKey);
      return {
        queryKey,
        queryHash,
        dehydratedAt: dehydratedAt ?? Date.now(),
        state: {
          ...rest,
          ...(codec?.trimmed && data !== undefined ? { isInvalidated: true } : {}),
          data: codec && data !== undefined ? codec.in(data) : data,
          error: error ? new Error(error.message) : null,
          fetchFailureReason: null,
        },
      };
    }),
  });
}

export const isTransferredQueries = (value: unknown): value is TransferredQueries =>
  typeof value === 'object' && value !== null && Array.isArray((value as TransferredQueries).queries);
