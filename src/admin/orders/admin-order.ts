import type { OrderStatus, OrderStatusChange } from '../../../schemas/api/admin';
import type { PickCount, PickTick } from '../../../schemas/api/admin-picks';
import type { StatusEntry } from '../../../schemas/api/order-status-entry';

/** One line of an order as the admin API sends it (with the catalogue's EAN and picture). */
export interface AdminOrderLine {
  item_id?: number;
  sku: string;
  name?: string;
  qty_ordered: number;
  ean?: string | null;
  image?: string | null;
  row_total_incl_tax?: number;
}


export interface AdminAddress {
  firstname?: string;
  lastname?: string;
  company?: string | null;
  street?: string[] | string;
  city?: string;
  postcode?: string;
  country_id?: string;
  telephone?: string | null;
}

/** An order from the admin API's list, feed or detail; the device keeps it as it came. */
export interface AdminOrder {
  order_id: string;
  increment_id: string;
  status: OrderStatus;
  email: string;
  created_at: string;
  updated_at?: string;
  change_seq?: number | null;
  customer_firstname?: string;
  customer_lastname?: string;
  customer_reference?: string | null;
  items: AdminOrderLine[];
  billing_address?: AdminAddress | null;
  shipping_address?: AdminAddress | null;
  shipping_description?: string | null;
  subtotal_incl_tax?: number;
  shipping_incl_tax?: number;
  tax_amount?: number;
  grand_total?: number;
  status_history?: StatusEntry[];
  /** Units picked per sku so far, on every tablet (the server's count). */
  picks?: PickCount[];
}

interface QueuedBase {
  key: string;
  seq: number;
  order_id: string;
  increment_id: string;
  state: 'queued' | 'refused';
  message?: string;
  attempts: number;
  /** Not before this time (ms since epoch): the backoff after an unknown outcome. */
  next_at: number;
  queued_at: string;
}

/**
 * A status change or a pick tick made on this device, kept until the server has answered it: `queued`
 * (to send, or sent with no known outcome), or `refused` with the server's message (kept on the order
 * until the packer dismisses it). `key` is its Idempotency-Key; `seq` keeps one order's changes in the
 * order they were made (a tick before "Shipped" reaches the server before it). A status change stored
 * before ticks were queued has no `kind`.
 */
export type QueuedChange = (QueuedBase & { kind?: 'status'; body: OrderStatusChange }) | (QueuedBase & { kind: 'pick'; body: PickTick });

export type QueuedStatusChange = Extract<QueuedChange, { body: OrderStatusChange }>;

export const isStatusChange = (change: QueuedChange): change is QueuedStatusChange => change.kind !== 'pick';

/** Open orders: the ones a packer works on, kept on the device. */
export const OPEN_STATUSES: readonly OrderStatus[] = ['pending', 'processing'];
