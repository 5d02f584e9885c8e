import { textOf } from '../cart/doc-fields';
import type { Doc } from '../catalog-query/types';

/** The product route (SPEC §2): /p/{parentSku}/{slug}. */
export function productUrl(product: Doc): string {
  const sku = String(product.parentSku ?? product.sku);
  const slug = textOf(product.url_key ?? product.slug ?? product.url_path);
  return `/p/${encodeURIComponent(sku)}/${slug}`;
}
