import { dehydrate, hydrate, type QueryClient, type QueryKey, type QueryState } from '@tanstack/react-query';
import { ROOT_CATEGORY_ID, type CategoryNode, type CategoryTree } from '../features/catalog/use-category-tree';
import type { AttributeMeta } from '../features/catalog/use-attributes';

/**
 * The reads a server render answered, carried to the browser in the page's route loader data so the
 * first browser render starts from the same data (and so matches the server's HTML). Only plain JSON
 * travels: the category tree goes as its flat nodes (rebuilt here), the attribute list as entries, and
 * an error as its message.
 */
type Codec = { out: (data: unknown) => unknown; in: (data: unknown) => unknown };

type FlatNode = Omit<CategoryNode, 'children'>;
const treeCodec: Codec = {
  out: (data) => [...(data as CategoryTree).byId.values()].map(({ children: _children, ...node }): FlatNode => node),
  in: (data) => {
    const nodes = (data as FlatNode[]).map((n): CategoryNode => ({ ...n, children: [] }));
    const byId = new Map(nodes.map((n) => [n.id, n]));
    for (const node of nodes) byId.get(node.parentId)?.children.push(node);
    return { byId, roots: byId.get(ROOT_CATEGORY_ID)?.children ?? [] } satisfies CategoryTree;
  },
};

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
  return {
    queries: state.queries.map(({ queryKey, queryHash, dehydratedAt, state: { data, error, fetchFailureReason: _reason, ...rest } }) => {
      const codec = codecOf(queryKey);
      return {
        queryKey,
        queryHash,
        ...(dehydratedAt === undefined ? {} : { dehydratedAt }),
        state: { ...rest, data: codec && data !== undefined ? codec.out(data) : data, error: error ? { message: error instanceof Error ? error.message : String(error) } : null },
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
        state: { ...rest, data: codec && data !== undefined ? codec.in(data) : data, error: error ? new Error(error.message) : null, fetchFailureReason: null },
      };
    }),
  });
}

export const isTransferredQueries = (value: unknown): value is TransferredQueries =>
  typeof value === 'object' && value !== null && Array.isArray((value as TransferredQueries).queries);
