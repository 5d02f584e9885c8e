import { addQuantityRefusal, minimumOrderOf } from '../../domain/quantity/quantity-rules';
import { findChildBySku } from '../../domain/cart/configurable-choice';
import { cartNotice } from '../../domain/notifications/notification-rules';
import { addToCart, replaceLine } from './cart-actions';
import { cartItemFromDocument } from './cart-product';
import { checkStock, stockStatusOf } from './cart-stock';
import { lineKey } from '../../domain/cart/line-key';
import { addNotification } from '../sync/notification-center';
import type { LocalShop } from '../start-local-database';

export interface AddRequest {
  product: Record<string, unknown>;
  childSku?: string | undefined;
  productOption: Record<string, unknown>;
  qty: number;
  customerGroupId: number;
  members?: ReadonlyMap<string, Record<string, unknown>>;
  /** Cart edit mode: the line this choice replaces. */
  replaceLineId?: string | undefined;
}

/**
 * Add to cart from the product page (SPEC §4): the line is built and validated, then the stock is
 * checked (live when online, so ok / out_of_stock; offline a volatile pre-reservation), and the
 * line's quantity after the add must reach the minimum order and not pass a managed stock ("Only
 * {maxQuantity} products of this type are available."). In edit mode the edited line is replaced instead.
 */
export async function addProductToCart(shop: LocalShop, request: AddRequest): Promise<{ added: boolean; messages: string[] }> {
  const { db } = shop;
  const choice = {
    productOption: request.productOption,
    ...(request.childSku ? { childSku: request.childSku } : {}),
    customerGroupId: request.customerGroupId,
    ...(request.members ? { members: request.members } : {}),
  };
  const first = await cartItemFromDocument(db, request.product, choice);
  const figure = Object.keys(first.errors).length === 0 && first.pricePence > 0 ? await checkStock(db, shop.sync.api, first.sku, first.parentSku) : null;
  const status = stockStatusOf(figure);
  const existing = await db.cart.findOne(lineKey(first.sku, first.checksum)).exec();
  const editing = request.replaceLineId ? await db.cart.findOne(request.replaceLineId).exec() : null;
  const already = existing && existing.id !== editing?.id ? existing.qty : 0;
  // Priced for the quantity the line will hold, as the server prices it (a tier is no price change to tell).
  const input = already + request.qty > 1 ? await cartItemFromDocument(db, request.product, { ...choice, lineQty: already + request.qty }) : first;
  const child = input.parentSku ? findChildBySku(request.product, input.sku) : undefined;
  const message = addQuantityRefusal(already + request.qty, minimumOrderOf(request.product, child), figure, status);
  if (message) {
    await addNotification(db, cartNotice('error', message));
    return { added: false, messages: [message] };
  }
  if (editing && status !== 'out_of_stock' && Object.keys(input.errors).length === 0 && input.pricePence > 0) {
    await replaceLine(db, editing.id, input, request.qty);
    return { added: true, messages: [] };
  }
  return addToCart(db, input, request.qty, {}, status);
}
