import type { Queryable } from '../db/database';
import { orderKeyColumn } from '../order/order-key';
import { toApiOrder } from '../order/api-order';
import type { OrderRow } from '../user/order-history-query';

/** The admin API's shape of an order: the shopper's shape plus the feed's change number and last change time. */
export interface AdminOrderRow extends OrderRow {
  change_seq: string | number | null;
  updated_at: Date | string | null;
}

const COLUMNS = 'o.order_id, o.customer_id, o.email, o.increment_id, o.status, o.created_at, o.doc, f.change_seq, o.updated_at';
/** Orders with their feed number (`order_feed`, order-changes.ts). */
const ORDERS = 'orders o left join order_feed f on f.order_id = o.order_id';

export function toAdminOrder(row: AdminOrderRow): Record<string, unknown> {
  return {
    ...toApiOrder(row),
    customer_id: row.customer_id,
    change_seq: row.change_seq === null ? null : Number(row.change_seq),
    updated_at: new Date(row.updated_at ?? row.created_at).toISOString(),
  };
}

export interface AdminOrderFilter {
  status?: string | undefined;
  createdSince?: string | undefined;
  email?: string | undefined;
  reference?: string | undefined;
}

/** Orders newest first, filtered; every filter is a bound parameter. */
export async function listAdminOrders(db: Queryable, filter: AdminOrderFilter, pageSize: number, page: number): Promise<{ rows: AdminOrderRow[]; total: number }> {
  const where = [
    '($1::text is null or o.status = $1)',
    '($2::timestamptz is null or o.created_at >= $2::timestamptz)',
    '($3::text is null or lower(o.email) = lower($3))',
    "($4::text is null or lower(o.doc->>'customer_reference') like lower($4) || '%')",
  ].join(' and ');
  const reference = filter.reference === undefined ? null : filter.reference.replace(/[\\%_]/g, (c) => `\\${c}`);
  const params = [filter.status ?? null, filter.createdSince ?? null, filter.email ?? null, reference];
  const rows = await db.query<AdminOrderRow>(`select ${COLUMNS} from ${ORDERS} where ${where} order by o.created_at desc, o.order_id desc limit $5 offset $6`, [
    ...params,
    pageSize,
    (page - 1) * pageSize,
  ]);
  const count = await db.query<{ total: number }>(`select count(*)::int as total from orders o where ${where}`, params);
  return { rows, total: Number(count[0]?.total ?? 0) };
}

/** One order by its number (digits only) or its client order_id (see order-key.ts). */
export async function findAdminOrder(db: Queryable, id: string): Promise<AdminOrderRow | undefined> {
  const rows = await db.query<AdminOrderRow>(`select ${COLUMNS} from ${ORDERS} where o.${orderKeyColumn(id)} = $1 limit 1`, [id]);
  return rows[0];
}

/**
 * The order feed: orders whose last change is after the checkpoint, in change order. Each order
 * appears once with its state now; a later change brings it back with a higher number. Change numbers
 * are taken under a lock held to commit (order-changes.ts), so nothing can appear behind a checkpoint.
 */
export async function orderFeed(db: Queryable, after: string, limit: number): Promise<{ rows: AdminOrderRow[]; hasMore: boolean }> {
  const rows = await db.query<AdminOrderRow>(`select ${COLUMNS} from order_feed f join orders o on o.order_id = f.order_id where f.change_seq > $1::bigint order by f.change_seq limit $2`, [after, limit + 1]);
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
}
