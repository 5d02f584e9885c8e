import { ORDER_MESSAGES, type OrderBody, type OrderReply } from '../../schemas/api/order';
import { CART_MESSAGES } from '../../src/domain/cart/cart-messages';
import type { AuthClaims } from '../auth/authenticate';
import { markConverted, moveUntakenLines, type TakenLine } from '../cart/cart-store';
import type { Queryable } from '../db/database';
import type { AppContext } from '../context';
import { ApiError, unauthorized } from '../http/api-error';
import { takeStock } from '../stock/stock-store';
import { createCheckoutAccount } from './checkout-account';
import { lockCartForOrder, quantitiesOf, reachedLines, takeWhatWasLeft } from './converted-cart';
import { orderDocument } from './order-document';
import { orderRequestHash } from './order-request';
import { toApiOrder } from './api-order';
import { recordWebhookEventFor } from '../webhooks/webhook-outbox';
import { recordStockLow } from '../webhooks/stock-low';
import { recordOrderChange } from './order-changes';
import { couponUsesByEmail, findStoredOrder, insertOrder, lockOrderIdForNumber, type StoredOrder } from './order-store';
import { prepareOrder, takenLinesOf, wantedOf, type PreparedOrder } from './prepare-order';
import { readForOrder } from './order-read';

export const ORDER_ACCESS_DENIED = 'You do not have access to this order';

/**
 * A retry (same order_id) gets the stored reply; the same id with another order is a conflict. A
 * retry without a token is answered too (a queued order sent after the session ended): the matching
 * request hash shows it is the same order; another customer's token is refused.
 */
function replay(existing: StoredOrder, requestHash: string, auth: AuthClaims | null): OrderReply {
  if (existing.customer_id !== null && auth && auth.sub !== existing.customer_id) throw new ApiError(403, ORDER_ACCESS_DENIED);
  if (existing.request_hash !== requestHash) throw new ApiError(409, ORDER_MESSAGES.differentOrder);
  return existing.reply;
}

/** `user_id` may only name the signed-in customer; guests send none (or ""). */
function checkUser(body: OrderBody, auth: AuthClaims | null): void {
  const userId = body.user_id === undefined || body.user_id === null ? '' : String(body.user_id).trim();
  if (userId === '') return;
  if (!auth) throw unauthorized();
  if (userId !== auth.sub) throw new ApiError(403, ORDER_ACCESS_DENIED);
}

/** Sums the quantities per stock sku (two lines may hold one variant with different custom options). */
function stockWanted(prepared: PreparedOrder): Map<string, number> {
  const wanted = new Map<string, number>();
  for (const line of prepared.lines) wanted.set(line.resolved.lineSku, (wanted.get(line.resolved.lineSku) ?? 0) + line.qty);
  return wanted;
}

/**
 * Places an order exactly once per order_id. The order_id is looked up first (with what pricing the
 * lines reads, order-read.ts), so a retry is answered whatever became of the session since. One transaction locks the cart, inserts the order (`on
 * conflict do nothing`), takes the stock of every line with conditional updates, and marks the cart
 * converted, moving a customer cart's lines the order did not take to the customer's new open cart;
 * any failure rolls all of it back. Parallel or late retries get the stored reply. A cart another
 * order converted is not converted again (`converted-cart.ts`): the order is refused when that order
 * holds it whole, and is otherwise placed, taking its lines from what that order left.
 */
export async function placeOrder(ctx: Pick<AppContext, 'db' | 'log' | 'config' | 'catalog'>, body: OrderBody, auth: AuthClaims | null): Promise<OrderReply> {
  const requestHash = orderRequestHash(body);
  const { stored: existing, pricing } = await readForOrder(ctx.db, body);
  if (existing) return replay(existing, requestHash, auth);
  checkUser(body, auth);
  try {
    const prepared = await prepareOrder(ctx, body, auth, pricing);
    return await commit(ctx, body, auth, prepared, requestHash);
  } catch (error) {
    // A refusal may only mean a parallel submission of this very order got there first (it took the
    // stock, or converted the cart).
    if (error instanceof ApiError) {
      const placed = await findStoredOrder(ctx.db, body.order_id);
      if (placed) return replay(placed, requestHash, auth);
    }
    throw error;
  }
}

/** The lines the order takes, as much of each as its device knows reached the server (`reachedLines`). */
async function reachedOf(tx: Queryable, prepared: PreparedOrder, body: OrderBody): Promise<TakenLine[]> {
  const customerId = prepared.cart?.customer_id;
  const taken = takenLinesOf(prepared);
  if (!customerId) return taken;
  return reachedLines(tx, customerId, taken, prepared.lines.map((line) => body.products[line.key - 1]?.cart_line), body.device_id ?? null);
}

async function commit(ctx: Pick<AppContext, 'db' | 'config'>, body: OrderBody, auth: AuthClaims | null, prepared: PreparedOrder, requestHash: string): Promise<OrderReply> {
  return ctx.db.transaction(async (tx) => {
    // First, so two orders naming one cart take turns here and the second sees it converted.
    const convertedBy = prepared.cart ? await lockCartForOrder(tx, prepared.cart.id, wantedOf(prepared), body.device_id ?? null) : null;
    // Then the id: a withdrawal (withdraw-order.ts) and this placement see each other's outcome.
    const incrementId = await lockOrderIdForNumber(tx, body.order_id);
    const createdAt = new Date().toISOString();
    const reply: OrderReply = { order_id: body.order_id, increment_id: incrementId, status: 'pending', created_at: createdAt, grand_total: prepared.totals.grand_total, backendOrderId: incrementId };
    const facts = {
      orderId: body.order_id,
      incrementId,
      createdAt,
      customerId: auth?.sub ?? null,
      customerGroupId: auth?.groupId ?? 0,
      email: prepared.email,
      billing: prepared.billing,
      shipping: prepared.shipping,
      shippingMethod: prepared.shippingMethod,
      paymentMethod: prepared.paymentMethod,
      paymentAdditional: body.addressInformation.payment_method_additional,
      storeCode: body.store_code ?? null,
      clientCreatedAt: body.created_at,
      customerReference: body.customer_reference,
    };
    const order = { orderId: body.order_id, incrementId, customerId: facts.customerId, email: prepared.email, requestHash, reply, doc: orderDocument(facts, prepared.lines, prepared.totals), createdAt, deviceId: body.device_id ?? null };
    if (!(await insertOrder(tx, order, 'Order placed'))) {
      // Not inserted: stored already (a retry), or withdrawn by its device.
      const stored = await findStoredOrder(tx, body.order_id);
      if (!stored) throw new ApiError(409, ORDER_MESSAGES.withdrawn);
      return replay(stored, requestHash, auth);
    }

    const wanted = stockWanted(prepared);
    const taken = await takeStock(tx, wanted);
    if (taken.failed.length > 0) throw new ApiError(409, ORDER_MESSAGES.notAvailable, { skus: taken.failed });
    await recordStockLow(tx, ctx.db, wanted, taken.left, ctx.config.stockLowThreshold);
    // The count includes this order (inserted above), so it may reach the limit but not pass it.
    const limit = prepared.coupon?.usesPerEmail;
    if (prepared.coupon && limit && (await couponUsesByEmail(tx, prepared.coupon.code, prepared.email)) > limit) {
      throw new ApiError(400, CART_MESSAGES.incorrectCoupon, { coupon: prepared.coupon.code });
    }
    let { customerId, doc } = order;
    if (prepared.account) {
      customerId = await createCheckoutAccount(tx, prepared.account);
      await tx.query("update orders set customer_id = $2, doc = doc || jsonb_build_object('customer_id', $2::text, 'customer_is_guest', false) where order_id = $1", [body.order_id, customerId]);
      doc = { ...doc, customer_id: customerId, customer_is_guest: false };
    }
    if (prepared.cart) {
      // No more of a line than the device knows reached the server: the rest of it in the cart is
      // another device's, or saved in another session (seed 1150000013: a saved bolt went with an
      // order whose own bolts, added while a login merge was pending, had not reached the cart).
      const taken = await reachedOf(tx, prepared, body);
      if (convertedBy !== null) await takeWhatWasLeft(tx, prepared.cart, convertedBy, taken);
      else {
        await markConverted(tx, prepared.cart.id, body.order_id, quantitiesOf(taken));
        await moveUntakenLines(tx, prepared.cart, taken);
      }
    }
    // The feed's statement also reads which webhook endpoints take the event (one round trip, not two).
    const endpoints = await recordOrderChange(tx, ctx.db, body.order_id, 'pending', 'order.placed');
    // The order as stored, from what was written (not read back): the payload goes into the outbox as
    // jsonb, which gives the same document whichever way it was built. Built only when an endpoint
    // takes the event (recordWebhookEventFor calls it then), not for every order of a shop without one.
    const stored = { order_id: body.order_id, customer_id: customerId, email: prepared.email, increment_id: incrementId, status: 'pending', created_at: createdAt, doc };
    await recordWebhookEventFor(tx, ctx.db, endpoints, 'order.placed', async () => ({ order: toApiOrder(stored) }));
    return reply;
  });
}
