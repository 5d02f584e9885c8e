import { parseCatalogQuery } from '../../schemas/catalog-query';
import { activeBanners } from '../../src/domain/content/active-banners';
import { bannerImageUrl, responsiveImage } from '../../src/domain/images/image-url';
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
  return catalog.index(type).query(query.value, catalog.queryContext).items as CatalogDoc[];
}

async function firstBannerPicture(db: Queryable): Promise<PreloadPicture | null> {
  const [first] = activeBanners((await readAll(db, 'banner')).map((row) => row.doc));
  return typeof first?.image === 'string' ? { href: bannerImageUrl(first.image) } : null;
}

/** A picture to preload: its URL, and the srcset and sizes its <img> has (the browser preloads the candidate it will use). */
export interface PreloadPicture {
  href: string;
  srcset?: string | undefined;
  sizes?: string | undefined;
}

function productPicture(catalog: CatalogService, pathname: string): PreloadPicture | null {
  const sku = PRODUCT_PAGE.exec(pathname)?.[1];
  if (!sku) return null;
  const [product] = lookUp(catalog, 'product', 1, [{ attribute: 'sku', value: { eq: decodeURIComponent(sku) } }]);
  if (!product || product.type_id === 'configurable' || typeof product.image !== 'string' || !product.image) return null;
  const image = responsiveImage(product.image, 'gallery');
  return { href: image.src, srcset: image.srcSet, sizes: image.sizes };
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
export function preloadHints(catalog: CatalogService, db: Queryable): (pathname: string) => Promise<PreloadPicture | null> {
  let homeBanner: Promise<PreloadPicture | null> | null = null;
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

/** The header value; the URLs are ours (built above), so they need no quoting beyond the quoted strings. */
export const preloadImageHeader = ({ href, srcset, sizes }: PreloadPicture) =>
  `<${href}>; rel=preload; as=image${srcset ? `; imagesrcset="${srcset}"` : ''}${sizes ? `; imagesizes="${sizes}"` : ''}; fetchpriority=high`;
