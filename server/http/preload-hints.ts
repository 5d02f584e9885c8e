import { bannerImageUrl, IMAGE_SIZES, imageUrl } from '../../src/ui/image-url';
import { readAll } from '../catalog/catalog-store';
import { activeBanners } from '../content/banner-routes';
import { productsBySku } from '../content/product-lookup';
import type { Queryable } from '../db/database';

/** `/p/{sku}/{slug}`: a product page without a chosen child (the app's route of the same shape). */
const PRODUCT_PAGE = /^\/p\/([^/]+)\/[^/]+\/?$/;

/**
 * The largest picture a page shows first, for a `Link: rel=preload` header on the shell: the browser
 * fetches it while the app's code downloads, instead of after the code has run and asked the API
 * which picture to show. Only where the URL is certain to be the one the page then requests: the
 * home page's first banner, and a product's main image unless it is configurable (then a child's
 * picture may be shown first). Anything else, or any failure, gives no hint.
 */
export async function largestPictureOf(db: Queryable, pathname: string): Promise<string | null> {
  try {
    if (pathname === '/') {
      const [first] = activeBanners((await readAll(db, 'banner')).map((row) => row.doc));
      return typeof first?.image === 'string' ? bannerImageUrl(first.image) : null;
    }
    const sku = PRODUCT_PAGE.exec(pathname)?.[1];
    if (!sku) return null;
    const [product] = await productsBySku(db, [decodeURIComponent(sku)]);
    if (!product || product.type_id === 'configurable' || typeof product.image !== 'string' || !product.image) return null;
    const [width, height] = IMAGE_SIZES.gallery;
    return imageUrl(product.image, width, height);
  } catch {
    return null;
  }
}

/** The header value; the URL is ours (built above), so it needs no further quoting. */
export const preloadImageHeader = (url: string) => `<${url}>; rel=preload; as=image; fetchpriority=high`;
