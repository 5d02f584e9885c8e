import type { QueryClient } from '@tanstack/react-query';
import type { StaticHandlerContext } from 'react-router';
import type { PageLoaderData } from '../../src/app/page-loaders';
import type { TaxRuleFields } from '../../src/domain/pricing/tax-rate';
import { findCategory } from '../../src/domain/catalog/category-tree';
import type { CategoryTree } from '../../src/domain/catalog/category-tree';
import { en } from '../../src/i18n/en';
import type { PageFacts } from './head-tags';
import type { Doc } from '../../src/domain/catalog-query/types';


/** The first cached answer whose key starts with `name` (each page reads one of each). */
function cached<T>(client: QueryClient, name: string): T | undefined {
  const [hit] = client.getQueriesData<T>({ queryKey: [name] });
  return hit?.[1];
}

/** What the rendered page shows, from its matched route, its loader data and the reads it made. */
export function pageFacts(context: StaticHandlerContext, client: QueryClient, status: number): PageFacts {
  if (status >= 500) return { kind: 'error', title: en.serverErrorTitle };
  if (status === 404) return { kind: 'not-found', title: en.notFoundTitle };
  const last = context.matches[context.matches.length - 1];
  const route = last?.route.path ?? (last?.route.index ? '' : undefined);
  const tree = cached<CategoryTree>(client, 'category-tree');
  const taxRules = cached<TaxRuleFields[]>(client, 'taxrules');
  const categoryFacts = (key: string): PageFacts | undefined => {
    const category = tree && findCategory(tree, key);
    const pages = cached<{ pages: { items: Doc[] }[] }>(client, 'category-products');
    const first = pages?.pages[0]?.items[0];
    const picture = typeof first?.thumbnail === 'string' ? first.thumbnail : typeof first?.image === 'string' ? first.image : undefined;
    return category && tree ? { kind: 'category', category, tree, firstImage: picture } : undefined;
  };
  const cms = (page: Doc | undefined): PageFacts | undefined =>
    page && {
      kind: 'cms',
      title: String(page.title ?? page.identifier),
      metaTitle: typeof page.meta_title === 'string' && page.meta_title ? page.meta_title : undefined,
      description: typeof page.meta_description === 'string' && page.meta_description ? page.meta_description : undefined,
    };
  let facts: PageFacts | undefined;
  if (route === '' || route === 'pwa.html') facts = { kind: 'home' };
  else if (route?.startsWith('p/')) {
    const product = cached<{ product: Doc }>(client, 'product')?.product;
    facts = product && { kind: 'product', product, tree, taxRules };
  } else if (route === 'c/:slug') facts = categoryFacts(last?.params.slug ?? '');
  else if (route === 'latest-news') facts = { kind: 'blog-list', title: en.latestNews };
  else if (route === 'latest-news/:id/:slug') {
    const post = cached<Doc>(client, 'blog-post');
    facts = post && { kind: 'blog-post', post };
  } else if (route === '*') {
    const mapping = (last ? (context.loaderData[last.route.id] as PageLoaderData | null) : null)?.mapping;
    if (mapping?.result?._type === 'cms_page') facts = cms(mapping.result._source);
    else facts = categoryFacts(mapping?.result ? String(mapping.result._source.url_key ?? mapping.result._source.id) : (last?.pathname ?? ''));
  } else facts = cms(cached<Doc>(client, 'cms-page'));
  return facts ?? { kind: 'home' };
}
