import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { Breadcrumbs } from '../../ui/breadcrumbs';
import { Drawer } from '../../ui/drawer';
import { Icon } from '../../ui/icons';
import { OfflineRedirect } from '../offline/offline-redirect';
import { useOnline } from '../../ui/use-online';
import { useTitle } from '../../ui/use-title';
import { NotFound } from '../../ui/not-found';
import { FilterPanel } from './filter-panel';
import { readListState, setParam, toggleOption } from '../../domain/catalog/filter-url';
import { ProductGrid } from './product-grid';
import { SortSelect } from './sort-select';
import { facetCodes, useAttributes } from './use-attributes';
import { useCategoryProducts } from './use-category-products';
import { categoryUrl, findCategory, trailOf, type CategoryNode, type CategoryTree } from '../../domain/catalog/category-tree';
import { useCategoryTree } from './use-category-tree';

export { findCategory };


/** /c/{slug}, and category url paths resolved by the url mapping. */
export function CategoryPage({ categoryKey }: { categoryKey?: string }) {
  const params = useParams();
  const key = categoryKey ?? params.slug ?? '';
  const { data: tree, isPending, error, refetch } = useCategoryTree();
  const category = tree ? findCategory(tree, key) : undefined;
  const { t } = useTranslation();
  const online = useOnline();
  if (isPending) return <p className="loading">{t('loading')}</p>;
  if (error || !tree || !category) return online ? <NotFound /> : <OfflineRedirect retry={refetch} />;
  return <CategoryListing key={category.id} tree={tree} category={category} />;
}

function CategoryListing({ tree, category }: { tree: CategoryTree; category: CategoryNode }) {
  const { t } = useTranslation();
  useTitle(category.name);
  const [params, setParams] = useSearchParams();
  const { filters, sort } = readListState(params);
  const attributeQuery = useAttributes();
  const attributes = attributeQuery.data;
  const facets = useMemo(() => facetCodes(attributes), [attributes]);
  // Wait for the attribute list so the first query already asks for every facet (one request, not two).
  const list = useCategoryProducts({ categoryId: category.id, filters, sort, facets }, !attributeQuery.isPending);
  const pages = list.data?.pages ?? [];
  const products = pages.flatMap((p) => p.items);
  const total = pages[0]?.total ?? 0;
  const update = (next: URLSearchParams) => setParams(next, { preventScrollReset: true });
  const empty = list.isError || (list.isSuccess && total === 0);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filterPanel = pages[0] && (
    <FilterPanel
      aggregations={pages[0].aggregations}
      attributes={attributes}
      facets={facets}
      filters={filters}
      onToggle={(code, value) => update(toggleOption(params, code, value))}
      onPrice={(value) => update(setParam(params, 'price', value))}
      onClear={() => update(setParam(new URLSearchParams(), 'sort', params.get('sort') ?? undefined))}
    />
  );

  return (
    <div className="category">
      <Breadcrumbs trail={trailOf(tree, category.id).map((c) => ({ name: c.name, to: categoryUrl(c) }))} />
      <header className="category-header">
        <h1>{category.name}</h1>
        {category.description && <p className="muted">{category.description}</p>}
        {category.children.length > 0 && (
          <nav aria-label={t('subcategories')} className="subcategories">
            {category.children.map((c) => (
              <Link key={c.id} to={categoryUrl(c)} className="chip">
                {c.name}
              </Link>
            ))}
          </nav>
        )}
      </header>
      <div className="category-body">
        {/* A desktop shows the filters beside the list; a phone opens them in a drawer (app.css). */}
        <aside className="filter-sidebar card" aria-label={t('filters')}>
          <h2 className="filter-title">{t('filters')}</h2>
          {filterPanel}
        </aside>
        <section className="listing" aria-busy={list.isFetching}>
          <div className="listing-bar">
            <button type="button" className="button button-secondary filter-open" aria-haspopup="dialog" onClick={() => setFiltersOpen(true)}>
              <Icon name="filter" />
              {t('filters')}
            </button>
            <p className="muted" data-testid="product-count">
              {t('productsCount', { count: total })}
            </p>
            <SortSelect value={sort} onChange={(value) => update(setParam(params, 'sort', value === 'recommended' ? undefined : value))} />
          </div>
          {empty && (
            <p className="warning" role="alert">
              {t('noProducts')}
            </p>
          )}
          <ProductGrid products={products} label={category.name} headingLevel={2} />
          {list.hasNextPage && (
            <button type="button" className="button load-more" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
              {t('loadMore')}
            </button>
          )}
        </section>
      </div>
      <Drawer title={t('filters')} open={filtersOpen} onClose={() => setFiltersOpen(false)} side="left">
        {filterPanel}
        <div className="drawer-footer">
          <button type="button" className="button button-primary" onClick={() => setFiltersOpen(false)}>
            {t('showResults', { count: total })}
          </button>
        </div>
      </Drawer>
    </div>
  );
}
