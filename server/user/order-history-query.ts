import type { Queryable } from '../db/database';

/**
 * Every read of the orders tables by the account and ext services, in one place. The tables belong
 * to the order module (migration 2xx); this file assumes only:
 *   orders(order_id text, customer_id text null, email text, increment_id text, status text,
 *          created_at timestamptz, doc jsonb)
 *   order_status_history(order_id text, status text, comment text, created_at timestamptz)
 * Until that migration exists the reads answer "no orders" instead of failing.
 */
export interface OrderRow {
  order_id: string;
  customer_id: string | null;
  email: string;
  increment_id: string;
  status: string;
  created_at: Date | string;
  doc: Record<string, unknown>;
}

export interface StatusEntry {
  status: string;
  comment: string | null;
  created_at: string;
}

const UNDEFINED_TABLE = '42P01';

async function tolerant<T>(read: () => Promise<T>, none: T): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if ((error as { code?: string }).code === UNDEFINED_TABLE) return none;
    throw error;
  }
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** The API shape of an order: its document with the authoritative columns on top. */
export function toApiOrder(row: OrderRow): Record<string, unknown> {
  return { ...row.doc, order_id: row.order_id, increment_id: row.increment_id, status: row.status, email: row.email, created_at: iso(row.created_at) };
}

/** The customer's own reference (job or PO number) starts with the parameter, ignoring case; a null parameter matches every order. */
const referenceStartsWith = (param: string) => `(${param}::text is null or starts_with(lower(doc->>'customer_reference'), lower(${param}::text)))`;

/** A customer's orders, newest first; with `reference`, only those whose reference starts with it. */
export async function listCustomerOrders(db: Queryable, customerId: string, pageSize: number, page: number, reference?: string): Promise<{ rows: OrderRow[]; total: number }> {
  return tolerant(async () => {
    const rows = await db.query<OrderRow>(
      `select order_id, customer_id, email, increment_id, status, created_at, doc from orders
       where customer_id = $1 and ${referenceStartsWith('$4')} order by created_at desc, order_id desc limit $2 offset $3`,
      [customerId, pageSize, (page - 1) * pageSize, reference ?? null],
    );
    const count = await db.query<{ total: number }>(`select count(*)::int as total from orders where customer_id = $1 and ${referenceStartsWith('$2')}`, [customerId, reference ?? null]);
    return { rows, total: Number(count[0]?.total ?? 0) };
  }, { rows: [], total: 0 });
}

/** One order by its number (increment_id, or the client's order_id) when the e-mail matches, ignoring case. */
export async function findOrderByNumberAndEmail(db: Queryable, orderNumber: string, email: string): Promise<OrderRow | undefined> {
  return tolerant(async () => {
    const rows = await db.query<OrderRow>(
      `select order_id, customer_id, email, increment_id, status, created_at, doc from orders
       where (increment_id = $1 or order_id = $1) and lower(email) = lower($2) limit 1`,
      [orderNumber, email],
    );
    return rows[0];
  }, undefined);
}

/** One order by its order_id or increment_id, whoever owns it (callers check the owner). */
export async function findOrder(db: Queryable, orderId: string): Promise<OrderRow | undefined> {
  return tolerant(async () => {
    const rows = await db.query<OrderRow>(
      `select order_id, customer_id, email, increment_id, status, created_at, doc from orders
       where order_id = $1 or increment_id = $1 order by (order_id = $1) desc limit 1`,
      [orderId],
    );
    return rows[0];
  }, undefined);
}

/** An order's status changes, oldest first, one page. */
export async function orderStatusHistory(db: Queryable, orderId: string, pageSize: number, page: number): Promise<{ items: StatusEntry[]; total: number }> {
  return tolerant(async () => {
    const rows = await db.query<{ status: string; comment: string | null; created_at: Date | string }>(
      'select status, comment, created_at from order_status_history where order_id = $1 order by created_at, status limit $2 offset $3',
      [orderId, pageSize, (page - 1) * pageSize],
    );
    const count = await db.query<{ total: number }>('select count(*)::int as total from order_status_history where order_id = $1', [orderId]);
    return { items: rows.map((r) => ({ status: r.status, comment: r.comment, created_at: iso(r.created_at) })), total: Number(count[0]?.total ?? 0) };
  }, { items: [], total: 0 });
}
