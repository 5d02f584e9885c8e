import type { OrderStatus } from '../../../schemas/api/admin';
import type { AdminOrder } from './admin-order';

/** The admin API's list filters (GET /api/admin/orders), answered from the device's copy. */
export interface OrderFilter {
  status?: OrderStatus | undefined;
  /** A date or time: orders created at or after it. */
  createdSince?: string | undefined;
  /** The customer's e-mail, any case. */
  email?: string | undefined;
  /** The start of the shopper's reference, any case. */
  reference?: string | undefined;
}

export const PAGE_SIZE = 20;

/**
 * One page of the orders matching the filter, from a list already sorted newest first, with the
 * total: the same rules as the server's query (server/admin/admin-order-query.ts), so the list reads
 * the same offline. One pass, no sorting: ~1 ms at 10,000 orders (bench/admin-order-list.ts).
 */
export function filterOrders(newestFirst: readonly AdminOrder[], filter: OrderFilter, page = 1, pageSize = PAGE_SIZE): { items: AdminOrder[]; total: number } {
  const since = filter.createdSince ? Date.parse(filter.createdSince) : Number.NaN;
  const email = filter.email?.trim().toLowerCase() || undefined;
  const reference = filter.reference?.trim().toLowerCase() || undefined;
  const first = (page - 1) * pageSize;
  const items: AdminOrder[] = [];
  let total = 0;
  for (const order of newestFirst) {
    if (filter.status && order.status !== filter.status) continue;
    if (!Number.isNaN(since) && Date.parse(order.created_at) < since) continue;
    if (email && order.email.toLowerCase() !== email) continue;
    if (reference && !(order.customer_reference ?? '').toLowerCase().startsWith(reference)) continue;
    if (total >= first && items.length < pageSize) items.push(order);
    total++;
  }
  return { items, total };
}
