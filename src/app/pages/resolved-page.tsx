import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLoaderData, useLocation } from 'react-router';
import type { UrlMapping } from '../../features/catalog/catalog-api';
import { CategoryPage, findCategory } from '../../features/catalog/category-page';
import { productUrl } from '../../features/catalog/product-tile-data';
import { useCategoryTree } from '../../features/catalog/use-category-tree';
import { CmsView } from '../../features/content/cms-page';
import { NotFound } from '../../ui/not-found';
import { OfflineRedirect } from '../../features/offline/offline-redirect';
import { useOnline } from '../../ui/use-online';
import type { PageLoaderData } from '../page-loaders';
import { resolvePath } from '../url-resolver';

/**
 * Any path no route claims: a category url path (the dynamic category routes), else the url mapping
 * (product, category or CMS page), else "404 Page Not Found". Offline, the shopper is sent home.
 */
export function ResolvedPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const tree = useCategoryTree();
  const category = tree.data ? findCategory(tree.data, pathname) : undefined;
  // A server-rendered page brings the server's mapping, so the first render shows what the server did.
  const loaded = useLoaderData<PageLoaderData | null>()?.mapping;
  const [mapping, setMapping] = useState<{ path: string; result: UrlMapping | null } | undefined>(loaded?.path === pathname ? loaded : undefined);
  const offline = !useOnline();

  useEffect(() => {
    if (category || tree.isPending || offline || mapping?.path === pathname) return;
    let current = true;
    void resolvePath(pathname).then((result) => current && setMapping({ path: pathname, result }));
    return () => {
      current = false;
    };
  }, [pathname, category, tree.isPending, offline, mapping?.path]);

  if (category) return <CategoryPage categoryKey={category.urlKey} />;
  if (offline && tree.isPending) return <p className="loading">{t('loading')}</p>;
  if (offline) return <OfflineRedirect retry={tree.refetch} />;
  if (!mapping || mapping.path !== pathname) return <p className="loading">{t('loading')}</p>;
  const result = mapping.result;
  if (!result) return <NotFound />;
  if (result._type === 'category') return <CategoryPage categoryKey={String(result._source.url_key ?? result._source.id)} />;
  if (result._type === 'cms_page') return <CmsView page={result._source} />;
  const target = productUrl(result._source);
  return <Navigate replace to={result.childSku ? `${target}/${result.childSku}` : target} />;
}
