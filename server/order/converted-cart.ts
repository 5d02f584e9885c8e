import { ORDER_MESSAGES, type OrderedCartLine } from '../../schemas/api/order';
import { itemChecksum } from '../../src/domain/cart/item-checksum';
import { lineKey } from '../../src/domain/cart/line-key';
import { listItems, lockCartConversion, takeFromLine, type CartConversion, type CartRow, type TakenLine } from '../cart/cart-store';
import type { Queryable } from '../db/database';
import { ApiError } from '../http/api-error';

/**
 * A cart an earlier order converted cannot be ordered again (DESIGN "Faults and exactly-once": "A cart
 * converted by an order cannot be ordered again; the server says which order converted it. Only the
 * ordered lines leave the cart."). An order naming such a cart is one of two things:
 *
 * - the same checkout seen twice (a second tab, a stale queued order with a new order_id): the
 *   converting order, from the same device, holds every line it asks for, at least at its quantity.
 *   Placing it would order those lines twice, so it is refused with a 409 naming the converting
 *   order, and the device shows that order in its place;
 * - an order of its own (another device of the customer that added lines or changed quantities in
 *   its copy of the cart before it heard of the other order): it is placed like any order, exactly
 *   once by its order_id, without converting the cart again (see `takeWhatWasLeft`).
 *
 * Callers check first that the caller may use the cart: only they may learn this.
 */
export async function cartAlreadyOrdered(db: Queryable, orderId: string): Promise<ApiError> {
  const rows = await db.query<{ increment_id: string }>('select increment_id from orders where order_id = $1', [orderId]);
  return new ApiError(409, ORDER_MESSAGES.cartAlreadyOrdered, { order_id: orderId, increment_id: rows[0]?.increment_id ?? null });
}

/** Line key (`sku|checksum`) → quantity: what an order holds, or asks for. */
export type LineQuantities = Map<string, number>;

export function quantitiesOf(lines: readonly TakenLine[]): LineQuantities {
  const quantities: LineQuantities = new Map();
  for (const line of lines) quantities.set(lineKey(line.sku, line.checksum), (quantities.get(lineKey(line.sku, line.checksum)) ?? 0) + line.qty);
  return quantities;
}

interface StoredItem {
  sku?: unknown;
  qty_ordered?: unknown;
  product_option?: unknown;
}

/** The lines a stored order holds, keyed as cart lines are (its stored items carry the line sku and options). */
export async function orderedQuantities(db: Queryable, orderId: string): Promise<LineQuantities> {
  const rows = await db.query<{ items: StoredItem[] | null }>("select doc->'items' as items from orders where order_id = $1", [orderId]);
  const items = rows[0]?.items ?? [];
  return quantitiesOf(items.flatMap((item) => (typeof item.sku === 'string' ? [{ sku: item.sku, checksum: itemChecksum(item.product_option ?? null), qty: Number(item.qty_ordered) || 0 }] : [])));
}

/** Whether `held` (the converting order's lines) holds every line `wanted` asks for, at least at its quantity. */
export function holdsAll(held: LineQuantities, wanted: LineQuantities): boolean {
  return [...wanted].every(([key, qty]) => held.has(key) && held.get(key)! >= qty);
}

/**
 * Whether the order from `deviceId` may be the converting order seen again: it came from the same
 * browser database (a second tab, a stale queued order), or either order did not say where it came
 * from. Another device's order the converting one holds whole is its own: that order took no more of
 * a line than its device knew reached the cart, and the rest of the line, this device's, went on.
 */
async function sameDevice(tx: Queryable, convertingOrderId: string, deviceId: string | null): Promise<boolean> {
  if (deviceId === null) return true;
  const rows = await tx.query<{ device_id: string | null }>('select device_id from orders where order_id = $1', [convertingOrderId]);
  const converting = rows[0]?.device_id ?? null;
  return converting === null || converting === deviceId;
}

/**
 * An order (`wanted`, from `deviceId`) naming a cart the order `convertingOrderId` converted is that
 * order seen again when that order holds all of it, at least at its quantities, and came from the
 * same device: refused with a 409 naming it.
 */
export async function refuseIfOrderedAgain(db: Queryable, convertingOrderId: string, wanted: LineQuantities, deviceId: string | null): Promise<void> {
  if (holdsAll(await orderedQuantities(db, convertingOrderId), wanted) && (await sameDevice(db, convertingOrderId, deviceId))) throw await cartAlreadyOrdered(db, convertingOrderId);
}

/**
 * The order naming `cartId` is about to be placed: locks the cart row, so two orders naming one cart
 * take turns (the second waits here), and returns the cart's conversion by an order meanwhile, or
 * null while the cart is open. That order seen again is refused (`refuseIfOrderedAgain`).
 */
export async function lockCartForOrder(tx: Queryable, cartId: string, wanted: LineQuantities, deviceId: string | null): Promise<CartConversion | null> {
  const conversion = await lockCartConversion(tx, cartId);
  if (!conversion) return null;
  await refuseIfOrderedAgain(tx, conversion.orderId, wanted, deviceId);
  return conversion;
}

/**
 * Of each line an order takes (`taken`, with `sent[i]` the device's account of that line's cart
 * changes), how much the device knows reached the server: what the server had confirmed, and each
 * change since that the server applied to one of the customer's carts. A change it never applied (sent
 * after the cart was converted and refused, or not sent yet) is in no cart, so the order must not take
 * its quantity from one: what a cart holds of the line beyond what reached it is another device's, or
 * saved in another session (seed 1140000102 took a laptop's washers for a phone's that never reached
 * the server). A change another set or removal overwrote since is not in the cart either
 * (`overwrittenSince`; `deviceId` is the order's). A line sent without an account is taken at its
 * quantity, as the device knew of no change pending. The order itself holds every line at the
 * quantity it asked for.
 */
export async function reachedLines(tx: Queryable, customerId: string, taken: readonly TakenLine[], sent: readonly (OrderedCartLine | undefined)[], deviceId: string | null): Promise<TakenLine[]> {
  if (sent.every((line) => line === undefined)) return [...taken];
  const opIds = sent.flatMap((line) => line?.unconfirmed.map((change) => change.op_id) ?? []);
  const rows = opIds.length === 0 ? [] : await tx.query<AppliedOp>('select o.op_id, o.cart_id, o.seq from cart_ops o join carts c on c.id = o.cart_id where o.op_id = any($1) and c.customer_id = $2', [opIds, customerId]);
  const applied = new Map(rows.map((row) => [row.op_id, { ...row, seq: Number(row.seq) }]));
  const reached: TakenLine[] = [];
  for (const [i, line] of taken.entries()) {
    const account = sent[i];
    if (!account) {
      reached.push(line);
      continue;
    }
    const changes = account.unconfirmed.flatMap((change) => {
      const op = applied.get(change.op_id);
      return op ? [{ ...op, qty: change.qty }] : [];
    });
    const since = deviceId === null ? null : await overwrittenSince(tx, line, changes, deviceId);
    const qty = since === null ? changes.reduce((sum, change) => sum + change.qty, account.confirmed_qty) : changes.filter((change) => change.seq > since).reduce((sum, change) => sum + change.qty, 0);
    reached.push({ ...line, qty: Math.max(0, Math.min(line.qty, qty)) });
  }
  return reached;
}

interface AppliedOp {
  op_id: string;
  cart_id: string;
  seq: number | string;
}

/**
 * The seq of the last set or removal of `line` after the first of the order's `changes` was applied,
 * in a cart they were applied to, when another device (not `deviceId`, the order's) made it; null
 * when there was none, or the last was the order's own device's. Another device's overwrote what the
 * line held, the order's quantity with the rest: the order is then taken to have come before it (the
 * server's serial order), and takes only what its changes added after it. Seed 1200000058: a phone's
 * washers, sent ahead of its order queued offline, were overwritten by the laptop's "set to 5", and
 * the order came after and took 2 of the laptop's 5.
 *
 * The order's own device's overwrite carries the waiting order's quantity in it (`inCartTerms` in
 * replication/cart/cart-ops-journal.ts), so after it the order's part is in the line again. An order
 * that names no device gets no such check: its device's writes cannot be told from another's.
 */
async function overwrittenSince(tx: Queryable, line: TakenLine, changes: readonly { cart_id: string; seq: number }[], deviceId: string): Promise<number | null> {
  if (changes.length === 0) return null;
  const first = Math.min(...changes.map((change) => change.seq));
  const carts = [...new Set(changes.map((change) => change.cart_id))];
  const rows = await tx.query<{ seq: number | string; device_id: string | null }>(
    `select seq, device_id from cart_ops where cart_id = any($1) and overwrites_sku = $2 and (overwrites_checksum = $3 or overwrites_checksum is null) and seq > $4
     order by seq desc limit 1`,
    [carts, line.sku, line.checksum, first],
  );
  const last = rows[0];
  return last && last.device_id !== deviceId ? Number(last.seq) : null;
}

/**
 * An order of its own naming a customer cart another order converted (`lockCartForOrder`): the cart
 * is not converted again, and "only the ordered lines leave the cart". When the converting order was
 * placed, the lines it did not take went on in the customer's open cart (`moveUntakenLines`), the
 * lines this order's device had put in the cart among them. This order takes its lines from there,
 * but no more of a line than the converted cart held beyond what the converting order took (and
 * earlier orders like this one): lines its device added without reaching the cart (offline, or sent
 * after the conversion and refused) are not there, and another device's lines in the open cart are
 * not this order's to take (`taken` says how much of each line reached the server: `reachedLines`). What it takes is also taken from the converted cart, so a later order
 * naming it finds only what is still left. Inside the order's transaction, after the order is
 * inserted (a retry of the same order_id never gets here). A guest cart's lines stay with it.
 */
export async function takeWhatWasLeft(tx: Queryable, cart: CartRow, conversion: CartConversion, taken: readonly TakenLine[]): Promise<void> {
  if (cart.customer_id === null) return;
  const open = await tx.query<{ id: string }>('select id from carts where customer_id = $1 and converted_order_id is null for update', [cart.customer_id]);
  const openId = open[0]?.id;
  if (!openId) return;
  // What the converting order took, not what it holds: it took no more of a line than its device
  // knew reached the cart, and the rest of the line (another device's) went on in the open cart.
  // A cart converted before that was kept: taken to be all it held.
  const converting: LineQuantities = conversion.taken ? new Map(Object.entries(conversion.taken)) : await orderedQuantities(tx, conversion.orderId);
  const wanted = quantitiesOf(taken);
  for (const item of await listItems(tx, cart.id)) {
    const key = lineKey(item.sku, item.checksum);
    const left = item.qty - (converting.get(key) ?? 0);
    const qty = Math.min(left, wanted.get(key) ?? 0);
    if (qty <= 0) continue;
    wanted.set(key, (wanted.get(key) ?? 0) - qty);
    await takeFromLine(tx, openId, item.sku, item.checksum, qty);
    await takeFromLine(tx, cart.id, item.sku, item.checksum, qty);
  }
}
