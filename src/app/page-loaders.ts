import type { QueryClient } from '@tanstack/react-query';
import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import { textOf } from '../domain/cart/doc-fields';
import { mapUrl, type UrlMapping } from '../features/catalog/catalog-api';
import { isUnanswered } from '../../replication/api/api-errors';
import { findCategory } from '../features/catalog/category-page';
import { readListState } from '../domain/catalog/filter-url';
import { productUrl } from '../features/catalog/product-tile-data';
import { attributesQuery, facetCodes } from '../features/catalog/use-attributes';
import { categoryProductsQuery } from '../features/catalog/use-category-products';
import { categoryTreeQuery } from '../features/catalog/use-category-tree';
import { taxRulesQuery } from '../features/catalog/use-tax-rates';
import { accreditationsQuery, bannersQuery, cmsBlockQuery, HOME_LISTS, homeListOptions, infoLinksQuery, promotedOffersQuery } from '../features/catalog/use-home-lists';
import { blogListQuery, blogPostQuery, cmsPageQuery } from '../features/content/use-content';
import { productQuery } from '../features/product/use-product';
import { browserQueryClient } from './query-client';
import { exportQueries, type TransferredQueries } from './query-transfer';

/**
 * The route loaders of the pages the server renders. Each fills the query cache entries its page's
 * components read (the same query options the components use). On the server (a render passes its own
 * cache in the request context) the loader waits for them, decides the status (404, a 301 for a
 * configurable child) and returns the answers as loader data, which the browser puts into its cache
 * before hydrating. In the browser a loader starts the same reads and returns at once, so a
 * navigation shows the page (and its loading state) exactly as before.
 */
export interface ServerRenderContext {
  queryClient: QueryClient;
}

/** What a page's loader gives its route: the server's answers, and for a resolved path its mapping. */
export interface PageLoaderData {
  queries: TransferredQueries;
  mapping?: { path: string; result: UrlMapping | null };
}

type Outcome = { status?: number; mapping?: PageLoaderData['mapping'] } | void;
type Fill = (client: QueryClient, args: LoaderFunctionArgs) => Promise<Outcome>;

const serverContext = (context: unknown): ServerRenderContext | undefined =>
  typeof context === 'object' && context !== null && 'queryClient' in context ? (context as ServerRenderContext) : undefined;

/** A query whose failure is the page's to show (it reads the same cached error), not the loader's. */
const settle = (promise: Promise<unknown>) => promise.then(() => undefined, () => undefined);

function pageLoader(fill: Fill) {
  return async (args: LoaderFunctionArgs) => {
    const server = serverContext(args.context);
    if (!server) {
      void fill(browserQueryClient(), args).catch(() => undefined);
      return null;
    }
    const client = server.queryClient;
    // Every page shows the category menu, and prices need the tax rules.
    const [outcome] = await Promise.all([fill(client, args), settle(client.ensureQueryData(categoryTreeQuery())), settle(client.ensureQueryData(taxRulesQuery()))]);
    const body: PageLoaderData = { queries: exportQueries(client), ...(outcome?.mapping ? { mapping: outcome.mapping } : {}) };
    return data(body, { status: outcome?.status ?? 200 });
  };
}

/**
 * A read that failed: a refusal (not found, hidden) makes the page a 404; an unknown outcome (no
 * answer, a time-out, a 5xx, a reply not in our envelope) is thrown, so the page answers 500 and is
 * never cached as a 404 for a day.
 */
function refused(error: unknown): false {
  if (isUnanswered(error)) throw error;
  return false;
}

const failed = (client: QueryClient, key: readonly unknown[]) => {
  const state = client.getQueryState(key);
  return state?.status === 'error' && !refused(state.error);
};

export const homeLoader = pageLoader(async (client) => {
  await Promise.all([
    ...HOME_LISTS.map((list) => settle(client.ensureQueryData(homeListOptions(list.filters)))),
    settle(client.ensureQueryData(bannersQuery())),
    settle(client.ensureQueryData(cmsBlockQuery('home-hero'))),
    settle(client.ensureQueryData(cmsBlockQuery('delivery-promise'))),
    settle(client.ensureQueryData(promotedOffersQuery())),
    settle(client.ensureQueryData(accreditationsQuery())),
    settle(client.ensureQueryData(infoLinksQuery())),
  ]);
});

export const cmsLoader = (identifier?: string) =>
  pageLoader(async (client, { params }) => {
    const query = cmsPageQuery(identifier ?? params.slug ?? '');
    await settle(client.ensureQueryData(query));
    return { status: failed(client, query.queryKey) ? 404 : 200 };
  });

/** A category's first page of products, with the list state the page reads from the URL query. */
async function fillCategory(client: QueryClient, key: string, url: URL): Promise<boolean> {
  const tree = await client.ensureQueryData(categoryTreeQuery());
  const category = findCategory(tree, key);
  if (!category) return false;
  const attributes = await client.ensureQueryData(attributesQuery()).catch(() => undefined);
  const { filters, sort } = readListState(url.searchParams);
  await settle(client.prefetchInfiniteQuery(categoryProductsQuery({ categoryId: category.id, filters, sort, facets: facetCodes(attributes) })));
  return true;
}

export const categoryLoader = pageLoader(async (client, { params, request }) => {
  const found = await fillCategory(client, params.slug ?? '', new URL(request.url)).catch(refused);
  return { status: found ? 200 : 404 };
});

export const productLoader = pageLoader(async (client, { params, request }) => {
  const parentSku = params.parentSku ?? '';
  const slug = params.slug ?? '';
  const childSku = params.childSku ?? new URL(request.url).searchParams.get('childSku') ?? undefined;
  const found = await client.ensureQueryData(productQuery(parentSku, slug, childSku)).catch(refused);
  if (!found) return { status: 404 };
  // SPEC §2: a configurable child's own url answers 301 to its parent with the child chosen.
  if (found.product.sku !== parentSku) {
    // React Router's way to answer a redirect from a loader is to throw the Response.
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    throw redirect(`/p/${String(found.product.sku)}/${textOf(found.product.url_key, slug)}${found.childSku ? `/${found.childSku}` : ''}`, 301);
  }
});

export const blogListLoader = pageLoader(async (client) => {
  await settle(client.ensureQueryData(blogListQuery()));
});

export const blogPostLoader = pageLoader(async (client, { params }) => {
  const query = blogPostQuery(params.id ?? '');
  await settle(client.ensureQueryData(query));
  return { status: failed(client, query.queryKey) ? 404 : 200 };
});

/** Any other path: a category url path, else the url mapping, else "404 Page Not Found" (SPEC §2). */
export const resolvedLoader = pageLoader(async (client, { request }) => {
  const url = new URL(request.url);
  const path = url.pathname;
  if (await fillCategory(client, path, url).catch(refused)) return;
  const result = (await mapUrl(path).catch(refused)) || null;
  if (result?._type === 'product') {
    const target = productUrl(result._source);
    // React Router's way to answer a redirect from a loader is to throw the Response.
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    throw redirect(result.childSku ? `${target}/${result.childSku}` : target, 301);
  }
  if (result?._type === 'category') await fillCategory(client, String(result._source.url_key ?? result._source.id), url).catch(refused);
  return { status: result ? 200 : 404, mapping: { path, result } };
});

/** The 500 page (SPEC §2) answers with its status. */
export const serverErrorLoader = pageLoader(async () => ({ status: 500 }));
