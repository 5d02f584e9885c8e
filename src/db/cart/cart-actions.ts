import { lineKey } from '../../domain/cart/line-key';
import { convertedCustomerCart } from '../../../replication/cart/converted-customer-cart';
import { withLineReplacedDuringMerge } from '../../../replication/cart/merge-removals';
import { withCartOp } from '../../../replication/cart/cart-ops-journal';
import { ADD_TO_CART_MESSAGES, decideAddToCart, localStockStatus, type CartRules, type StockStatus } from '../../domain/add-to-cart/add-to-cart-rules';
import { cartNotice } from '../../domain/notifications/notification-rules';
import type { CartLine } from '../../../schemas/rx/cart.schema';
import type { CartItemInput } from './cart-product';
import { insertOrModifyLine, removeLine, storedLine } from './cart-line-write';
import type { ShopDatabase } from '../database-types';
import { LOCAL, modifyLocal, type CartState } from '../local-state';
import { addNotification } from '../sync/notification-center';

/**
 * What the cart screens call, in any tab. They change the local cart and record what the shopper did
 * (`cart-ops-journal.ts`), recorded before the line is written so a sync that sees the line also
 * sees the change; the line's write names the change (`last_op_id`), so a sync that reads the
 * lines between the two knows the change is not in them yet. The leader tab sees the change and
 * sends it to the server (SPEC §4).
 */

/** What a line takes from the product the shopper chose (quantity and line bookkeeping apart). */
function productFields(input: CartItemInput, now: number) {
  return {
    sku: input.sku,
    parentSku: input.parentSku,
    name: input.name,
    type_id: input.type_id,
    checksum: input.checksum,
    product_option: input.product_option,
    price_pence: input.pricePence,
    price_incl_tax_pence: input.priceInclTaxPence,
    // The price the shopper chose at: seen, and not confirmed by the server until its cart prices the line.
    price_is_current: false,
    price_refreshed_at: null,
    price_seen_incl_tax_pence: input.priceInclTaxPence,
    thumbnail: input.thumbnail,
    errors: {},
    info: {},
    updated_at: now,
  };
}

export async function addToCart(db: ShopDatabase, input: CartItemInput, qty = 1, rules: CartRules = {}, stockStatus?: StockStatus): Promise<{ added: boolean; messages: string[] }> {
  const id = lineKey(input.sku, input.checksum);
  const existing = await db.cart.findOne(id).exec();
  const status = stockStatus ?? localStockStatus({ stock: input.stock }, rules);
  const decision = decideAddToCart({ price_incl_tax: input.price_incl_tax, errors: input.errors, stock: input.stock }, status, rules, existing !== null);
  if (!decision.add) {
    for (const notice of decision.notice) await addNotification(db, cartNotice(notice.type, notice.message));
    return { added: false, messages: decision.notice.map((n) => n.message) };
  }
  const now = Date.now();
  const opId = crypto.randomUUID();
  const fields = { ...productFields(input, now), last_op_id: opId };
  await modifyLocal(db, LOCAL.cartState, (s) => withCartOp(s, 'add', { id, sku: input.sku, product_option: input.product_option }, qty, undefined, opId));
  // The quantity adds to what is stored when the write happens, not to what was read above.
  await insertOrModifyLine(
    db,
    id,
    () => ({ id, ...fields, qty, added_at: now }),
    (current) => ({ ...current, ...fields, qty: current.qty + qty }),
  );
  await addNotification(db, cartNotice(decision.notice.type, decision.notice.message));
  return { added: true, messages: [decision.notice.message] };
}

/**
 * Sets a line's quantity (the server learns it on the next sync; a refusal restores prev_qty). A
 * line this tab still shows but the cart no longer holds (another tab's order took it, or a removal,
 * not heard of yet) is not set: recorded, the set went to the server and brought the ordered line
 * back into the open cart (seed 1140000078).
 */
export async function updateQuantity(db: ShopDatabase, lineId: string, qty: number): Promise<void> {
  const line = await db.cart.findOne(lineId).exec();
  if (!line || !(await storedLine(db, lineId))) return;
  const opId = crypto.randomUUID();
  await modifyLocal(db, LOCAL.cartState, (s) => withCartOp(withLineReplacedDuringMerge(s, lineId), 'set', line.toMutableJSON(), qty, undefined, opId));
  await line.incrementalPatch({ qty, updated_at: Date.now(), last_op_id: opId });
  await addNotification(db, cartNotice('success', ADD_TO_CART_MESSAGES.qtyUpdated));
}

/**
 * Cart edit mode: the line takes the product's new options and quantity. Other options mean another
 * checksum, so another line id: the old line goes and the new one comes in the same tick, which the
 * debounced sync sees as one change. A line already holding the new options absorbs the quantity.
 */
export async function replaceLine(db: ShopDatabase, lineId: string, input: CartItemInput, qty: number): Promise<void> {
  const old = await db.cart.findOne(lineId).exec();
  const id = lineKey(input.sku, input.checksum);
  const now = Date.now();
  const opId = crypto.randomUUID();
  const fields = { ...productFields(input, now), last_op_id: opId };
  if (old && id === lineId) {
    await modifyLocal(db, LOCAL.cartState, (s) => withCartOp(withLineReplacedDuringMerge(s, lineId), 'set', old.toMutableJSON(), qty, undefined, opId));
    await old.incrementalPatch({ ...fields, qty });
  } else {
    // The changes (and a removal during a pending login merge) are recorded before either line is
    // written, so the new line and the old one's removal still land together, as one change for the debounced sync.
    await modifyLocal(db, LOCAL.cartState, (s) => {
      const added = withCartOp(s, 'add', { id, sku: input.sku, product_option: input.product_option }, qty, undefined, opId);
      return old ? withCartOp(withLineReplacedDuringMerge(added, lineId), 'remove', old.toMutableJSON()) : added;
    });
    // The same race-safe writes as adding and removing: a sync or another tab writing either line meanwhile loses nothing.
    await Promise.all([
      insertOrModifyLine(db, id, () => ({ ...fields, id, qty, added_at: old?.added_at ?? now }), (current) => ({ ...current, ...fields, qty: current.qty + qty })),
      old ? removeLine(db, lineId) : Promise.resolve(),
    ]);
  }
  await addNotification(db, cartNotice('success', ADD_TO_CART_MESSAGES.qtyUpdated));
}

/**
 * The shopper has read a line's price notice, which showed `shownInclTaxPence` as the new price: that
 * is the price they saw now. Should the price have changed again meanwhile, that change is told next.
 */
export async function acknowledgePriceChange(db: ShopDatabase, lineId: string, shownInclTaxPence: number): Promise<void> {
  const line = await db.cart.findOne(lineId).exec();
  await line?.incrementalPatch({ price_seen_incl_tax_pence: shownInclTaxPence });
}

/** Removes a line (the screen asked the shopper first); the sync deletes it on the server if it was there. */
export async function removeFromCart(db: ShopDatabase, lineId: string): Promise<void> {
  const line = (await db.cart.findOne(lineId).exec())?.toMutableJSON();
  // Recorded first: a merge that no longer reads the line then knows it was removed.
  await modifyLocal(db, LOCAL.cartState, (s) => (line ? withCartOp(withLineReplacedDuringMerge(s, lineId), 'remove', line) : withLineReplacedDuringMerge(s, lineId)));
  await removeLine(db, lineId);
}

/** The cart state with no server cart: the next line starts a new one, with no totals or coupon of the old. */
const withoutServerCart = (s: CartState): CartState => ({ ...s, token: null, itemsHash: null, lastSyncAt: null, lastTotalsSyncAt: null, platformTotals: null, totalSegments: null, coupon: null });

/**
 * Empties the cart without a sync (after an order: the server already converted its cart) and drops
 * the cart id, so the next line starts a new server cart.
 */
export async function clearCartWithoutSync(db: ShopDatabase): Promise<void> {
  // The cart id goes first: a sync that sees the emptied lines then has no server cart to empty. The
  // changes not sent go too: they were about these lines.
  await modifyLocal(db, LOCAL.cartState, (s) => ({ ...withoutServerCart(s), pendingOps: [] }));
  // Line by line on the stored revision: a sync writing a line at this moment must not fail the order.
  for (const line of await db.cart.find().exec()) await removeLine(db, line.id);
}

/**
 * An order queued offline names the cart it came from. A signed-in shopper who adds lines before it
 * is sent gets that same cart back from the server (one open cart per customer), so when the order
 * arrives and converts it, those new lines would sit in a converted cart. Once the order is accepted,
 * a cart id still pointing at its cart is dropped: the next sync starts a new cart and sends the lines.
 * Returns whether the cart id was dropped.
 */
export async function retireOrderedCart(db: ShopDatabase, orderedCartId: unknown): Promise<boolean> {
  if (typeof orderedCartId !== 'string' || !orderedCartId) return false;
  let retired = false;
  await modifyLocal(db, LOCAL.cartState, (s) => {
    if (s.token !== orderedCartId) return s;
    retired = true;
    return { ...withoutServerCart(s), convertedCustomerCart: convertedCustomerCart(s) };
  });
  return retired;
}

/** One line as plain data (cart edit mode reads the line it edits). */
export async function readCartLine(db: ShopDatabase, lineId: string): Promise<CartLine | null> {
  return (await db.cart.findOne(lineId).exec())?.toMutableJSON() ?? null;
}
