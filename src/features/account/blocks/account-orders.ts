import type { StatusEntry } from '../status-history';

/** The fields of an order in GET /api/user/order-history that the account screens show. */
export interface OrderItem {
  sku: string;
  name?: string;
  qty_ordered?: number;
  price_incl_tax?: number;
  row_total_incl_tax?: number;
}

export interface AccountOrder {
  order_id: string;
  increment_id: string;
  status: string;
  created_at: string;
  /** When the order took its status (its newest status history entry). */
  status_changed_at?: string;
  /** Every status it had, oldest first, with the shipment on a shipped one. */
  status_history?: StatusEntry[];
  email?: string;
  /** The customer's own reference (job or PO number) given at checkout. */
  customer_reference?: string | null;
  grand_total?: number;
  subtotal_incl_tax?: number;
  shipping_incl_tax?: number;
  tax_amount?: number;
  discount_amount?: number;
  items?: OrderItem[];
  shipping_address?: { firstname?: string; lastname?: string; street?: string[]; city?: string; postcode?: string } | null;
  shipping_description?: string | null;
  payment?: { method?: string } | null;
}

export interface OrderHistory {
  items: AccountOrder[];
  total_count: number;
}

export const ORDER_HISTORY_PATH = '/api/user/order-history';
/** SPEC §7: pageSize and currentPage, defaults 20 and 1. */
export const ORDER_PAGE = { pageSize: 20, currentPage: 1 } as const;

/** The order an /my-account/orders/{orderId} link names: by the client's order_id or the increment id. */
export const findOrder = (orders: readonly AccountOrder[], id: string) => orders.find((o) => o.order_id === id || o.increment_id === id);
