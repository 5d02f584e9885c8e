import type { CartLine } from '../../../schemas/rx/cart.schema';
import { checkQuantityForProduct, parseQuantity } from '../../domain/quantity/quantity-rules';
import { updateQuantity } from './cart-actions';
import { checkStock } from './cart-stock';
import type { LocalShop } from '../start-local-database';

/**
 * The minicart's quantity edit (SPEC §5): the text is read with the shared quantity rule, then the
 * product's minimum order and the stock (live when online, else the local figure) may refuse it with
 * "Only {maxQuantity} products of this type are available.". Returns the message to show, or null
 * when the line took the new quantity.
 */
export async function changeQuantity(shop: LocalShop, line: Pick<CartLine, 'id' | 'sku' | 'parentSku' | 'qty'>, input: unknown, minimumOrder = 1): Promise<string | null> {
  const parsed = parseQuantity(input);
  if (!parsed.ok) return parsed.message;
  if (parsed.qty === line.qty) return null;
  const stock = await checkStock(shop.db, shop.sync.api, line.sku, line.parentSku);
  if (stock) {
    const refusal = checkQuantityForProduct(parsed.qty, { minimumOrder, manageStock: stock.manageStock, isInStock: stock.isInStock, stockQty: stock.qty });
    if (refusal) return refusal.message;
  }
  await updateQuantity(shop.db, line.id, parsed.qty);
  return null;
}
