import { parseCatalogQuery } from '../../schemas/catalog-query';
import { activeBanners } from '../../src/domain/content/active-banners';
import { bannerImageUrl, IMAGE_SIZES, imageUrl } from '../../src/ui/image-url';
import type { CatalogService } from '../catalog/catalog-service';
import type { CatalogDoc } from '../catalog/catalog-store';
import { readAll } from '../catalog/catalog-store';
import type { Queryable } from '../db/database';

/** `/p/{sku}/{slug}`: a product page without a chosen child (the app's route of the same shape). */
const PRODUCT_PAGE = /^\/p\/([^/]+)\/[^/]+\/?$/;
/** The first documents of one entity matching the filters, from the server's in-memory catalogue. */
function lookUp(catalog: CatalogService, type: 'product', size: number, filters: unknown[]) {
  const query = parseCatalogQuery({ type, size, searchQuery: { _appliedFilters: filters } });
  if (!query.ok) return [];
  // Every stored catalogue document carries its id.
  return catalog.index(type).query(query.value, catalog.attributes.get).items as CatalogDoc[];
}

async function firstBannerPicture(db: Queryable): Promise<string | null> {
  const [first] = activeBanners((await readAll(db, 'banner')).map((row) => row.doc));
  return typeof first?.image === 'string' ? bannerImageUrl(first.image) : null;
}

function productPicture(catalog: CatalogService, pathname: string): string | null {
  const sku = PRODUCT_PAGE.exec(pathname)?.[1];
  if (!sku) return null;
  const [product] = lookUp(catalog, 'product', 1, [{ attribute: 'sku', value: { eq: decodeURIComponent(sku) } }]);
  if (!product || product.type_id === 'configurable' || typeof product.image !== 'string' || !product.image) return null;
  const [width, height] = IMAGE_SIZES.gallery;
  return imageUrl(product.image, width, height);
}

/**
 * The largest picture a page shows first, for a `Link: rel=preload` header on the shell: the browser
 * fetches it while the app's code downloads, instead of after the code has run and asked the API
 * which picture to show. Only where the URL is certain to be the one the page then requests: the
 * home page's first banner, and a product's main image unless it is configurable (then a child's
 * picture may be shown first). A product comes from the in-memory catalogue; the banner is read once
 * and again only after the banners change, so the shell costs no database query. Anything else, or
 * any failure, gives no hint.
 */
export function preloadHints(catalog: CatalogService, db: Queryable): (pathname: string) => Promise<string | null> {
  let homeBanner: Promise<string | null> | null = null;
  catalog.changes.on('change', (change) => {
    if (change.entities.includes('banner')) homeBanner = null;
  });
  return async (pathname) => {
    try {
      if (pathname === '/') return await (homeBanner ??= firstBannerPicture(db).catch(() => null));
      return productPicture(catalog, pathname);
    } catch {
      return null;
    }
  };
}

/** The header value; the URL is ours (built above), so it needs no further quoting. */
export const preloadImageHeader = (url: string) => `<${url}>; rel=preload; as=image; fetchpriority=high`;
