import type { Doc } from '../../domain/catalog-query/types';

export type { Doc };

export class ProductLoadError extends Error {}

/**
 * Product loading (SPEC §2, §4, §8): a product with status 2 or higher, or hidden visibility (1: not
 * visible on its own), loads as an error with the spec's message.
 */
export function checkLoadable(product: Doc): void {
  const status = typeof product.status === 'number' ? product.status : 1;
  if (status >= 2) throw new ProductLoadError(`Product query returned empty result product status = ${status}`);
  const visibility = typeof product.visibility === 'number' ? product.visibility : 4;
  if (visibility === 1) throw new ProductLoadError(`Product query returned empty result product visibility = ${visibility}`);
}
