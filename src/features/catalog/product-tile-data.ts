import { unitPricesPence } from '../../domain/pricing/final-price';
import type { TileData } from '../../ui/product-tile';
import type { Doc } from './catalog-api';
import { productUrl } from '../../domain/catalog/product-url';

export { productUrl };


/** A list tile from a product document, priced for guests now (group prices arrive with the account). */
export function tileFromProduct(product: Doc, taxPercent: number, now = new Date()): TileData {
  const prices = unitPricesPence(product, { now });
  const stock = product.stock as { is_in_stock?: boolean } | undefined;
  return {
    sku: String(product.sku),
    name: String(product.name),
    url: productUrl(product),
    thumbnail: typeof product.thumbnail === 'string' ? product.thumbnail : typeof product.image === 'string' ? product.image : undefined,
    finalPence: prices.final,
    regularPence: prices.regular,
    taxPercent,
    sellUnit: typeof product.sell_unit_description === 'string' ? product.sell_unit_description : undefined,
    inStock: stock?.is_in_stock !== false,
  };
}
