import { lineKey } from '../../replication/cart/item-match';
import { ADD_TO_CART_MESSAGES, decideAddToCart, localStockStatus, type CartRules } from '../domain/add-to-cart/add-to-cart-rules';
import { cartNotice } from '../domain/notifications/notification-rules';
import type { CartItemInput } from './cart-product';
import type { ShopDatabase } from './database-types';
import { LOCAL, modifyLocal } from './local-state';
import { addNotification } from './notification-center';

/**
 * What the cart screens call, in any tab. They change the local cart only; the leader tab sees the
 * change and syncs it with the server, client state winning (SPEC §4).
 */

export async function addToCart(db: ShopDatabase, input: CartItemInput, qty = 1, rules: CartRules = {}): Promise<{ added: boolean; messages: string[] }> {
  const id = lineKey(input.sku, input.checksum);
  const existing = await db.cart.findOne(id).exec();
  const decision = decideAddToCart({ price_incl_tax: input.price_incl_tax, errors: input.errors, stock: input.stock }, localStockStatus({ stock: input.stock }, rules), rules, existing !== null);
  if (!decision.add) {
    for (const notice of decision.notice) await addNotification(db, cartNotice(notice.type, notice.message));
    return { added: false, messages: decision.notice.map((n) => n.message) };
  }
  const now = Date.now();
  await db.cart.incrementalUpsert({
    ...(existing?.toMutableJSON()),
    id,
    sku: input.sku,
    parentSku: input.parentSku,
    name: input.name,
    type_id: input.type_id,
    qty: (existing?.qty ?? 0) + qty,
    checksum: input.checksum,
    product_option: input.product_option,
    price_pence: input.pricePence,
    price_incl_tax_pence: input.priceInclTaxPence,
    thumbnail: input.thumbnail,
    errors: {},
    info: {},
    added_at: existing?.added_at ?? now,
    updated_at: now,
  });
  await addNotification(db, cartNotice(decision.notice.type, decision.notice.message));
  return { added: true, messages: [decision.notice.message] };
}

/** Sets a line's quantity (the server learns it on the next sync; a refusal restores prev_qty). */
export async function updateQuantity(db: ShopDatabase, lineId: string, qty: number): Promise<void> {
  const line = await db.cart.findOne(lineId).exec();
  if (!line) return;
  await line.incrementalPatch({ qty, updated_at: Date.now() });
  await addNotification(db, cartNotice('success', ADD_TO_CART_MESSAGES.qtyUpdated));
}

/** Removes a line (the screen asked the shopper first); the sync deletes it on the server if it was there. */
export async function removeFromCart(db: ShopDatabase, lineId: string): Promise<void> {
  await db.cart.findOne(lineId).remove();
}

/**
 * Empties the cart without a sync (after an order: the server already converted its cart) and drops
 * the cart id, so the next line starts a new server cart.
 */
export async function clearCartWithoutSync(db: ShopDatabase): Promise<void> {
  // The cart id goes first: a sync that sees the emptied lines then has no server cart to empty.
  await modifyLocal(db, LOCAL.cartState, (s) => ({ ...s, token: null, itemsHash: null, lastSyncAt: null, lastTotalsSyncAt: null, platformTotals: null, totalSegments: null, coupon: null }));
  await db.cart.find().remove();
}
