import { ORDER_MESSAGES, type OrderReply } from '../../schemas/api/order';
import { ApiError } from '../http/api-error';
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

/** The next human order number, e.g. "000001234"; numbers of refused orders are simply skipped. */
export async function nextIncrementId(tx: Queryable): Promise<string> {
  const rows = await tx.query<{ n: number }>("select nextval('order_increment_seq') as n");
  return String(rows[0]!.n).padStart(ORDER_NUMBER_DIGITS, '0');
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
}

/**
 * Inserts the order unless its order_id exists. Parallel submissions of one order_id meet on the
 * primary key: the first inserts; the others wait for it to commit, then insert nothing. Returns
 * whether this call inserted.
 */
export async function insertOrder(tx: Queryable, order: NewOrder): Promise<boolean> {
  const rows = await tx.query(
    `insert into orders (order_id, increment_id, customer_id, email, status, request_hash, reply, doc, created_at)
     values ($1, $2, $3, $4, 'pending', $5, $6::jsonb, $7::jsonb, $8)
     on conflict (order_id) do nothing returning order_id`,
    [order.orderId, order.incrementId, order.customerId, order.email, order.requestHash, JSON.stringify(order.reply), JSON.stringify(order.doc), order.createdAt],
  );
  return rows.length === 1;
}

export async function addStatus(tx: Queryable, orderId: string, status: string, comment: string): Promise<void> {
  await tx.query('insert into order_status_history (order_id, status, comment) values ($1, $2, $3)', [orderId, status, comment]);
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

/** Inside the placing transaction, after `lockOrderId`: an order its device withdrew is refused. */
export async function refuseWithdrawn(tx: Queryable, orderId: string): Promise<void> {
  const rows = await tx.query('select 1 from withdrawn_orders where order_id = $1', [orderId]);
  if (rows.length > 0) throw new ApiError(409, ORDER_MESSAGES.withdrawn);
}
