import { randomBytes } from 'node:crypto';
import { lineKey } from '../../src/domain/cart/line-key';
import type { Queryable } from '../db/database';

/** The `carts` and `cart_items` tables; the only module that writes them (orders mark a cart converted through here). */
export interface CartRow {
  id: string;
  customer_id: string | null;
  coupon_code: string | null;
  shipping: CartShipping | null;
  converted_order_id: string | null;
}

/** What the shopper told the totals calls: destination and chosen methods. */
export interface CartShipping {
  country_id?: string;
  region_id?: number;
  postcode?: string;
  carrier_code?: string;
  method_code?: string;
  payment_method?: string;
}

export interface CartItemRow {
  item_id: number;
  cart_id: string;
  sku: string;
  parent_sku: string | null;
  qty: number;
  product_option: Record<string, unknown> | null;
  checksum: string;
}

/** 32 hex characters from the system's secure random source: a guest cart id works like a bearer secret. */
export const newCartId = (): string => randomBytes(16).toString('hex');

/** `forUpdate` locks the cart row for the rest of the transaction: writes to one cart take turns. */
export async function findCart(db: Queryable, id: string, forUpdate = false): Promise<CartRow | undefined> {
  const rows = await db.query<CartRow>(
    `select id, customer_id, coupon_code, shipping, converted_order_id from carts where id = $1${forUpdate ? ' for update' : ''}`,
    [id],
  );
  return rows[0];
}

export async function createGuestCart(db: Queryable): Promise<string> {
  const id = newCartId();
  await db.query('insert into carts (id) values ($1)', [id]);
  return id;
}

/** The customer's active cart, created when there is none; parallel calls meet on the unique index. */
export async function activeCustomerCart(db: Queryable, customerId: string): Promise<string> {
  await db.query(
    `insert into carts (id, customer_id) values ($1, $2)
     on conflict (customer_id) where customer_id is not null and converted_order_id is null do nothing`,
    [newCartId(), customerId],
  );
  const rows = await db.query<{ id: string }>('select id from carts where customer_id = $1 and converted_order_id is null', [customerId]);
  const id = rows[0]?.id;
  if (!id) throw new Error('active customer cart vanished');
  return id;
}

const ITEM_COLUMNS = 'item_id, cart_id, sku, parent_sku, qty, product_option, checksum';

export async function listItems(db: Queryable, cartId: string): Promise<CartItemRow[]> {
  const rows = await db.query<CartItemRow>(`select ${ITEM_COLUMNS} from cart_items where cart_id = $1 order by item_id`, [cartId]);
  return rows.map((r) => ({ ...r, item_id: Number(r.item_id), qty: Number(r.qty) }));
}

export interface LineWrite {
  sku: string;
  parentSku: string | null;
  qty: number;
  productOption: Record<string, unknown> | null;
  checksum: string;
}

/** Sets the quantity of the line with this sku and options, adding the line when there is none. */
export async function putLine(db: Queryable, cartId: string, line: LineWrite): Promise<CartItemRow> {
  const rows = await db.query<CartItemRow>(
    `insert into cart_items (cart_id, sku, parent_sku, qty, product_option, checksum) values ($1, $2, $3, $4, $5::jsonb, $6)
     on conflict (cart_id, sku, checksum) do update set qty = excluded.qty, product_option = excluded.product_option, updated_at = now()
     returning ${ITEM_COLUMNS}`,
    [cartId, line.sku, line.parentSku, line.qty, JSON.stringify(line.productOption), line.checksum],
  );
  return { ...rows[0]!, item_id: Number(rows[0]!.item_id) };
}

/**
 * Rewrites an existing line (quantity, and options when they changed). Another line that already
 * holds the new sku and options is merged away first, so a cart never shows one choice twice.
 */
export async function rewriteLine(db: Queryable, cartId: string, itemId: number, line: LineWrite): Promise<CartItemRow | undefined> {
  await db.query('delete from cart_items where cart_id = $1 and sku = $2 and checksum = $3 and item_id <> $4', [cartId, line.sku, line.checksum, itemId]);
  const rows = await db.query<CartItemRow>(
    `update cart_items set sku = $3, parent_sku = $4, qty = $5, product_option = $6::jsonb, checksum = $7, updated_at = now()
     where cart_id = $1 and item_id = $2 returning ${ITEM_COLUMNS}`,
    [cartId, itemId, line.sku, line.parentSku, line.qty, JSON.stringify(line.productOption), line.checksum],
  );
  return rows[0] ? { ...rows[0], item_id: Number(rows[0].item_id) } : undefined;
}

/** Adds `qty` to the line with this sku and options (a new line when there is none): two adds sum. */
export async function addToLine(db: Queryable, cartId: string, line: LineWrite): Promise<CartItemRow> {
  const rows = await db.query<CartItemRow>(
    `insert into cart_items (cart_id, sku, parent_sku, qty, product_option, checksum) values ($1, $2, $3, $4, $5::jsonb, $6)
     on conflict (cart_id, sku, checksum) do update set qty = cart_items.qty + excluded.qty, updated_at = now()
     returning ${ITEM_COLUMNS}`,
    [cartId, line.sku, line.parentSku, line.qty, JSON.stringify(line.productOption), line.checksum],
  );
  return { ...rows[0]!, item_id: Number(rows[0]!.item_id), qty: Number(rows[0]!.qty) };
}

/** The line with this sku and options, if the cart has it. */
export async function findLine(db: Queryable, cartId: string, sku: string, checksum: string): Promise<CartItemRow | undefined> {
  const rows = await db.query<CartItemRow>(`select ${ITEM_COLUMNS} from cart_items where cart_id = $1 and sku = $2 and checksum = $3`, [cartId, sku, checksum]);
  return rows[0] ? { ...rows[0], item_id: Number(rows[0].item_id), qty: Number(rows[0].qty) } : undefined;
}

/** Deletes the line with this sku and options; true when there was one. */
export async function deleteLine(db: Queryable, cartId: string, sku: string, checksum: string): Promise<boolean> {
  const rows = await db.query('delete from cart_items where cart_id = $1 and sku = $2 and checksum = $3 returning item_id', [cartId, sku, checksum]);
  return rows.length > 0;
}

/** Takes `qty` from the line with this sku and options; a line left with none goes. */
export async function takeFromLine(db: Queryable, cartId: string, sku: string, checksum: string, qty: number): Promise<void> {
  // The line goes first when it holds no more: a quantity is never below one.
  await db.query('delete from cart_items where cart_id = $1 and sku = $2 and checksum = $3 and qty <= $4', [cartId, sku, checksum, qty]);
  await db.query('update cart_items set qty = qty - $4, updated_at = now() where cart_id = $1 and sku = $2 and checksum = $3', [cartId, sku, checksum, qty]);
}

/** How long a change's id is kept: a device resending a change after longer would have it applied again. */
export const CART_OP_KEPT_DAYS = 30;

/** The line a set or a removal overwrites (checksum null: every line of the sku). */
export interface OverwrittenLine {
  sku: string;
  checksum: string | null;
}

/**
 * Records a shopper's change by its id; false when it was recorded before (a retry: not applied
 * again). A set or a removal records the line it overwrites (see `overwrittenSince` in
 * server/order/converted-cart.ts).
 */
export async function claimOp(db: Queryable, opId: string, cartId: string, deviceId: string | null, overwrites: OverwrittenLine | null = null): Promise<boolean> {
  const rows = await db.query(
    'insert into cart_ops (op_id, cart_id, device_id, overwrites_sku, overwrites_checksum) values ($1, $2, $3, $4, $5) on conflict (op_id) do nothing returning op_id',
    [opId, cartId, deviceId, overwrites?.sku ?? null, overwrites?.checksum ?? null],
  );
  return rows.length > 0;
}

/**
 * A write through /api/cart/update or /delete sets or deletes a line without a change id: it becomes
 * the line's latest overwrite all the same (an order counting on changes made before it must not take
 * them, `reachedLines`). One row per line, moved to the next seq with the writer's device, under an
 * id no device can send (it has spaces): these routes have no request limit, and a script naming
 * another device on every request must not grow the table. Only the latest overwrite counts.
 */
export async function recordOverwrite(db: Queryable, cartId: string, deviceId: string | null, line: OverwrittenLine): Promise<void> {
  await db.query(
    `insert into cart_ops (op_id, cart_id, device_id, overwrites_sku, overwrites_checksum) values ($1, $2, $3, $4, $5)
     on conflict (op_id) do update set seq = nextval(pg_get_serial_sequence('cart_ops', 'seq')), device_id = excluded.device_id, created_at = now()`,
    [`overwrite ${cartId} ${line.sku} ${line.checksum ?? '*'}`, cartId, deviceId, line.sku, line.checksum],
  );
}

/** Forgets change ids older than `CART_OP_KEPT_DAYS` (the index on created_at finds them). */
export async function forgetOldOps(db: Queryable): Promise<void> {
  await db.query(`delete from cart_ops where created_at < now() - interval '${CART_OP_KEPT_DAYS} days'`);
}

export async function opSeen(db: Queryable, opId: string): Promise<boolean> {
  return (await db.query('select 1 from cart_ops where op_id = $1', [opId])).length > 0;
}

export async function findItem(db: Queryable, cartId: string, itemId: number): Promise<CartItemRow | undefined> {
  const rows = await db.query<CartItemRow>(`select ${ITEM_COLUMNS} from cart_items where cart_id = $1 and item_id = $2`, [cartId, itemId]);
  return rows[0] ? { ...rows[0], item_id: Number(rows[0].item_id), qty: Number(rows[0].qty) } : undefined;
}

/** Removes by item id, or every line of the sku (a configurable line by its own or its parent's sku). */
export async function deleteLines(db: Queryable, cartId: string, target: { itemId?: number; sku?: string }): Promise<OverwrittenLine[]> {
  const rows = target.itemId !== undefined
    ? await db.query<OverwrittenLine>('delete from cart_items where cart_id = $1 and item_id = $2 returning sku, checksum', [cartId, target.itemId])
    : await db.query<OverwrittenLine>('delete from cart_items where cart_id = $1 and (sku = $2 or parent_sku = $2) returning sku, checksum', [cartId, target.sku]);
  await touch(db, cartId);
  return rows;
}

export async function setCoupon(db: Queryable, cartId: string, code: string | null): Promise<void> {
  await db.query('update carts set coupon_code = $2, updated_at = now() where id = $1', [cartId, code]);
}

export async function setShipping(db: Queryable, cartId: string, shipping: CartShipping): Promise<void> {
  await db.query('update carts set shipping = coalesce(shipping, \'{}\'::jsonb) || $2::jsonb, updated_at = now() where id = $1', [cartId, JSON.stringify(shipping)]);
}

export async function touch(db: Queryable, cartId: string): Promise<void> {
  await db.query('update carts set updated_at = now() where id = $1', [cartId]);
}

/**
 * Marks the cart as turned into an order, with what the order took of each line (line key →
 * quantity): a later order naming the cart takes from what is left. A converted cart answers 404 so
 * the client starts a new one.
 */
export async function markConverted(db: Queryable, cartId: string, orderId: string, taken: ReadonlyMap<string, number>): Promise<void> {
  await db.query('update carts set converted_order_id = $2, converted_taken = $3::jsonb, updated_at = now() where id = $1 and converted_order_id is null', [cartId, orderId, JSON.stringify(Object.fromEntries(taken))]);
}

/** Who converted a cart, and what that order took of each line (null for carts converted before that was kept). */
export interface CartConversion {
  orderId: string;
  taken: Record<string, number> | null;
}

/** Locks the cart row for the rest of the transaction; returns its conversion, or null while it is open (or absent). */
export async function lockCartConversion(tx: Queryable, cartId: string): Promise<CartConversion | null> {
  const rows = await tx.query<{ converted_order_id: string | null; converted_taken: Record<string, number> | null }>('select converted_order_id, converted_taken from carts where id = $1 for update', [cartId]);
  const row = rows[0];
  return row?.converted_order_id ? { orderId: row.converted_order_id, taken: row.converted_taken } : null;
}

/** What an order took from a cart line: its sku and options checksum, and the quantity. */
export interface TakenLine {
  sku: string;
  checksum: string;
  qty: number;
}

/**
 * An order converted a customer's cart: the lines, or the part of a line, it did not take go on in
 * the customer's new open cart, so lines saved in another session that the ordering device had not
 * merged yet are not lost with the order. Inside the order's transaction, after `markConverted`. A
 * guest cart's lines stay: only its device knows the cart, and it sends its own lines to a new one.
 * Returns the new cart's id, or null when nothing was left.
 */
export async function moveUntakenLines(tx: Queryable, cart: CartRow, taken: readonly TakenLine[]): Promise<string | null> {
  if (cart.customer_id === null) return null;
  const takenQty = new Map<string, number>();
  for (const line of taken) takenQty.set(lineKey(line.sku, line.checksum), (takenQty.get(lineKey(line.sku, line.checksum)) ?? 0) + line.qty);
  const left = (await listItems(tx, cart.id)).flatMap((item) => {
    const qty = item.qty - (takenQty.get(lineKey(item.sku, item.checksum)) ?? 0);
    return qty > 0 ? [{ sku: item.sku, parentSku: item.parent_sku, qty, productOption: item.product_option, checksum: item.checksum }] : [];
  });
  if (left.length === 0) return null;
  const next = await activeCustomerCart(tx, cart.customer_id);
  for (const line of left) await putLine(tx, next, line);
  return next;
}
