import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { textOf } from '../../domain/cart/doc-fields';
import { Breadcrumbs } from '../../ui/breadcrumbs';
import { OfflineRedirect } from '../offline/offline-redirect';
import { useOnline } from '../../ui/use-online';
import { useTitle } from '../../ui/use-title';
import { addEntry } from '../lists/local-list';
import { categoryUrl, trailOf, useCategoryTree } from '../catalog/use-category-tree';
import { ProductError } from './product-error';
import { ProductView } from './product-view';
import { useProduct } from './use-product';

/** /p/{parentSku}/{slug}[/{childSku}] for every product type (SPEC §2). */
export function ProductPage() {
  const { t } = useTranslation();
  const params = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const parentSku = params.parentSku ?? '';
  const slug = params.slug ?? '';
  const routeChild = params.childSku ?? search.get('childSku') ?? undefined;
  const { data, error, isPending, refetch } = useProduct(parentSku, slug, routeChild);
  const online = useOnline();
  const tree = useCategoryTree().data;
  const product = data?.product;
  useTitle(product ? String(product.name) : error ? t('errorTitle') : undefined);

  // Recently viewed is recorded once per product shown (SPEC §1).
  const viewed = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!product || viewed.current === product.sku) return;
    viewed.current = String(product.sku);
    addEntry('recently-viewed', { sku: String(product.sku), name: String(product.name), url: `/p/${String(product.sku)}/${slug}`, thumbnail: product.thumbnail as string, price: Number(product.final_price ?? product.price) });
  }, [product, slug]);

  const trail = useMemo(() => {
    const ids = Array.isArray(product?.category_ids) ? (product.category_ids as number[]) : [];
    const deepest = tree ? ids.map((id) => trailOf(tree, id)).sort((a, b) => b.length - a.length)[0] : undefined;
    return [...(deepest ?? []).map((c) => ({ name: c.name, to: categoryUrl(c) })), ...(product ? [{ name: String(product.name) }] : [])];
  }, [tree, product]);

  if (isPending) return <p className="loading">{t('loading')}</p>;
  if ((error || !product) && !online) return <OfflineRedirect retry={refetch} />;
  if (error || !product) return <ProductError message={error instanceof Error ? error.message : 'Route not found'} />;
  // A configurable child's own url shows its parent with the child chosen (the server answers 301 later).
  if (product.sku !== parentSku) return <Navigate replace to={`/p/${String(product.sku)}/${textOf(product.url_key, slug)}${data.childSku ? `/${data.childSku}` : ''}`} />;
  return (
    <>
      <Breadcrumbs trail={trail} />
      <ProductView key={String(product.sku)} product={product} routeChildSku={data.childSku} onChild={(sku) => void navigate(`/p/${parentSku}/${slug}/${sku}`, { replace: true, preventScrollReset: true })} />
    </>
  );
}
