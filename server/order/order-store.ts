import type { OrderReply } from '../../schemas/api/order';
import { LOCKS, type Queryable } from '../db/database';
import { ORDER_NUMBER_DIGITS } from './order-key';

/**
 * The `orders` and `order_status_history` tables. The account module reads them for order history and
 * tracking through the columns order_id, customer_id, email, increment_id, status, created_at, doc.
 */
export interface StoredOrder {
  order_id: string;
  customer_id: string | null;
  request_hash: string;
  reply: OrderReply;
}


export async function findStoredOrder(db: Queryable, orderId: string): Promise<StoredOrder | undefined> {
  const rows = await db.query<StoredOrder>('select order_id, customer_id, request_hash, reply from orders where order_id = $1', [orderId]);
  return rows[0];
}

export interface NewOrder {
  orderId: string;
  incrementId: string;
  customerId: string | null;
  email: string;
  requestHash: string;
  reply: OrderReply;
  doc: Record<string, unknown>;
  createdAt: string;
  /** The browser database that placed it, when it said (`device_id`). */
  deviceId: string | null;
}

/**
 * Inserts the order with its first status ("pending", `comment`) unless its order_id exists or was
 * withdrawn, in one statement. The caller holds the order id's lock (`lockOrderId`), so a withdrawal
 * (withdraw-order.ts) committed before this statement is seen by it, and a parallel submission of the
 * same id waited for the first to commit and meets its row on the primary key. Returns whether this
 * call inserted; when it did not, the order is either stored (a retry) or withdrawn.
 */
export async function insertOrder(tx: Queryable, order: NewOrder, comment: string): Promise<boolean> {
  const rows = await tx.query(
    `with inserted as (
       insert into orders (order_id, increment_id, customer_id, email, status, request_hash, reply, doc, created_at, device_id)
       select $1, $2, $3, $4, 'pending', $5, $6::jsonb, $7::jsonb, $8, $10
       where not exists (select 1 from withdrawn_orders where order_id = $1)
       on conflict (order_id) do nothing returning order_id
     ), history as (
       insert into order_status_history (order_id, status, comment) select order_id, 'pending', $9 from inserted
     )
     select order_id from inserted`,
    [order.orderId, order.incrementId, order.customerId, order.email, order.requestHash, JSON.stringify(order.reply), JSON.stringify(order.doc), order.createdAt, comment, order.deviceId],
  );
  return rows.length === 1;
}

/**
 * Earlier orders with this coupon by this e-mail. The caller holds the (coupon, e-mail) lock, so two
 * parallel orders cannot both see "not used yet".
 */
export async function couponUsesByEmail(tx: Queryable, code: string, email: string): Promise<number> {
  await tx.query('select pg_advisory_xact_lock($1::integer, hashtext($2))', [LOCKS.couponUse, `${code}\n${email.toLowerCase()}`]);
  const rows = await tx.query<{ n: number }>("select count(*)::integer as n from orders where doc->>'coupon_code' = $1 and lower(email) = $2", [code, email.toLowerCase()]);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Placing and withdrawing one order id take turns: each takes this lock first in its transaction, so
 * whichever comes second sees what the first committed.
 */
export async function lockOrderId(tx: Queryable, orderId: string): Promise<void> {
  await tx.query('select pg_advisory_xact_lock($1::integer, hashtext($2))', [LOCKS.orderId, orderId]);
}

/**
 * `lockOrderId` and the next human order number (e.g. "000001234") in one statement, for placing an
 * order; numbers of refused orders are simply skipped. The number is taken under the lock, but no
 * read depends on it: what the lock protects is read by the statements after this one.
 */
export async function lockOrderIdForNumber(tx: Queryable, orderId: string): Promise<string> {
  const rows = await tx.query<{ n: number }>("select pg_advisory_xact_lock($1::integer, hashtext($2)), nextval('order_increment_seq') as n", [LOCKS.orderId, orderId]);
  return String(rows[0]!.n).padStart(ORDER_NUMBER_DIGITS, '0');
}
