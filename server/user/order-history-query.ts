import type { Queryable } from '../db/database';
import { orderKeyColumn } from '../order/order-key';
import type { StatusEntry } from '../../schemas/api/order-status-entry';

/**
 * Every read of the orders tables by the account and ext services, in one place. The tables belong
 * to the order module (migration 2xx); this file assumes only:
 *   orders(order_id text, customer_id text null, email text, increment_id text, status text,
 *          created_at timestamptz, doc jsonb, updated_at timestamptz null)
 *   order_status_history(id bigserial, order_id text, status text, comment text, carrier text null,
 *          tracking_number text null, created_at timestamptz)
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
  /** When the order last changed (read by the shopper's order history and tracking). */
  updated_at?: Date | string | null;
}

interface StatusRow {
  order_id: string;
  status: string;
  comment: string | null;
  carrier: string | null;
  tracking_number: string | null;
  created_at: Date | string;
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

const STATUS_COLUMNS = 'order_id, status, comment, carrier, tracking_number, created_at';
const toStatusEntry = (r: StatusRow): StatusEntry => ({ status: r.status, comment: r.comment, carrier: r.carrier, tracking_number: r.tracking_number, created_at: iso(r.created_at) });

/**
 * When the order took its current status: the newest status history entry, else the order's last
 * change, else its placing.
 */
export function statusChangedAt(row: Pick<OrderRow, 'created_at' | 'updated_at'>, history: readonly StatusEntry[]): string {
  return history.at(-1)?.created_at ?? iso(row.updated_at ?? row.created_at);
}

/** The customer's own reference (job or PO number) starts with the parameter, ignoring case; a null parameter matches every order. */
const referenceStartsWith = (param: string) => `(${param}::text is null or starts_with(lower(doc->>'customer_reference'), lower(${param}::text)))`;

/** A customer's orders, newest first; with `reference`, only those whose reference starts with it. */
export async function listCustomerOrders(db: Queryable, customerId: string, pageSize: number, page: number, reference?: string): Promise<{ rows: OrderRow[]; total: number }> {
  return tolerant(async () => {
    const rows = await db.query<OrderRow>(
      `select order_id, customer_id, email, increment_id, status, created_at, doc, updated_at from orders
       where customer_id = $1 and ${referenceStartsWith('$4')} order by created_at desc, order_id desc limit $2 offset $3`,
      [customerId, pageSize, (page - 1) * pageSize, reference ?? null],
    );
    const count = await db.query<{ total: number }>(`select count(*)::int as total from orders where customer_id = $1 and ${referenceStartsWith('$2')}`, [customerId, reference ?? null]);
    return { rows, total: Number(count[0]?.total ?? 0) };
  }, { rows: [], total: 0 });
}

/** One order by its number (or the client's order_id, see order-key.ts) when the e-mail matches, ignoring case. */
export async function findOrderByNumberAndEmail(db: Queryable, orderNumber: string, email: string): Promise<OrderRow | undefined> {
  return tolerant(async () => {
    const rows = await db.query<OrderRow>(
      `select order_id, customer_id, email, increment_id, status, created_at, doc, updated_at from orders
       where ${orderKeyColumn(orderNumber)} = $1 and lower(email) = lower($2) limit 1`,
      [orderNumber, email],
    );
    return rows[0];
  }, undefined);
}

/** One order by its number or its order_id (see order-key.ts), whoever owns it (callers check the owner). */
export async function findOrder(db: Queryable, orderId: string): Promise<OrderRow | undefined> {
  return tolerant(async () => {
    const rows = await db.query<OrderRow>(
      `select order_id, customer_id, email, increment_id, status, created_at, doc from orders
       where ${orderKeyColumn(orderId)} = $1 limit 1`,
      [orderId],
    );
    return rows[0];
  }, undefined);
}

/** An order's status changes, oldest first, one page. */
export async function orderStatusHistory(db: Queryable, orderId: string, pageSize: number, page: number): Promise<{ items: StatusEntry[]; total: number }> {
  return tolerant(async () => {
    const rows = await db.query<StatusRow>(`select ${STATUS_COLUMNS} from order_status_history where order_id = $1 order by created_at, id limit $2 offset $3`, [
      orderId,
      pageSize,
      (page - 1) * pageSize,
    ]);
    const count = await db.query<{ total: number }>('select count(*)::int as total from order_status_history where order_id = $1', [orderId]);
    return { items: rows.map(toStatusEntry), total: Number(count[0]?.total ?? 0) };
  }, { items: [], total: 0 });
}

/** The whole status history of each of some orders (a page of order history), oldest first, in one read. */
export async function statusHistories(db: Queryable, orderIds: readonly string[]): Promise<Map<string, StatusEntry[]>> {
  const byOrder = new Map<string, StatusEntry[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const rows = await tolerant(
    () => db.query<StatusRow>(`select ${STATUS_COLUMNS} from order_status_history where order_id = any($1::text[]) order by created_at, id`, [orderIds]),
    [],
  );
  for (const row of rows) byOrder.get(row.order_id)?.push(toStatusEntry(row));
  return byOrder;
}

/** The time of an order's newest status history entry, if it has one. */
export async function lastStatusEntryAt(db: Queryable, orderId: string): Promise<string | undefined> {
  const rows = await tolerant(() => db.query<{ at: Date | string | null }>('select max(created_at) as at from order_status_history where order_id = $1', [orderId]), []);
  return rows[0]?.at ? iso(rows[0].at) : undefined;
}
