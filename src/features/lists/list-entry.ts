import { unitPricesPence } from '../../domain/pricing/final-price';
import type { Doc } from '../../domain/cart/doc-fields';
import { productUrl } from '../catalog/product-tile-data';
import type { ListEntry } from './local-list';

const SKIP = new Set(['sku', 'name', 'slug', 'url_key', 'url_path', 'image', 'thumbnail', 'description', 'short_description', 'technical', 'meta_title', 'meta_description', 'created_at', 'updated_at', 'id', 'status', 'visibility', 'position', 'new', 'type_id']);

/** Attribute values kept with a compare entry (codes only; labels come from the attribute list). */
export function comparable(product: Doc): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(product)) {
    if (/^[a-z_]+$/.test(key) && (typeof value === 'string' || typeof value === 'number') && !SKIP.has(key)) out[key] = String(value);
  }
  return out;
}

/**
 * What a wishlist or compare entry shows of its product as the catalogue holds it now: the name, page,
 * picture, the guest unit price excluding VAT (as a tile shows it) and the compared attributes. The
 * entry's own snapshot is only what was known when it was saved.
 */
export function entryFromProduct(product: Doc, now: Date): Omit<ListEntry, 'addedAt'> {
  return {
    sku: String(product.sku),
    name: String(product.name),
    url: productUrl(product),
    ...(typeof product.thumbnail === 'string' ? { thumbnail: product.thumbnail } : {}),
    price: unitPricesPence(product, { now }).final / 100,
    attributes: comparable(product),
  };
}
