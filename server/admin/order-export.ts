import { stringify } from 'csv-stringify/sync';

/** The order fields the export reads (the admin API's order shape). */
interface ExportOrder {
  increment_id?: unknown;
  order_id?: unknown;
  created_at?: unknown;
  status?: unknown;
  email?: unknown;
  customer_reference?: unknown;
  shipping_address?: Record<string, unknown> | null;
  billing_address?: Record<string, unknown> | null;
  shipping_description?: unknown;
  grand_total?: unknown;
  items?: { sku?: unknown; name?: unknown; qty_ordered?: unknown; price_incl_tax?: unknown; row_total_incl_tax?: unknown }[];
}

const COLUMNS = [
  'order_number', 'order_id', 'created_at', 'status', 'email', 'reference',
  'ship_to_name', 'ship_to_company', 'ship_to_street', 'ship_to_city', 'ship_to_postcode', 'ship_to_country', 'ship_to_phone',
  'shipping', 'sku', 'name', 'qty', 'price_incl_vat', 'row_total_incl_vat', 'order_total_incl_vat',
] as const;

const text = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);
};

/** One row per order line (what a packer works through), the order's fields repeated on each. */
export function exportRows(orders: readonly ExportOrder[]): string[][] {
  return orders.flatMap((order) => {
    const to = order.shipping_address ?? order.billing_address ?? {};
    const street = Array.isArray(to.street) ? to.street.map(text).filter(Boolean).join(', ') : text(to.street);
    const head = [
      text(order.increment_id), text(order.order_id), text(order.created_at), text(order.status), text(order.email), text(order.customer_reference),
      [text(to.firstname), text(to.lastname)].filter(Boolean).join(' '), text(to.company), street, text(to.city), text(to.postcode), text(to.country_id), text(to.telephone),
      text(order.shipping_description),
    ];
    return (order.items ?? []).map((item) => [...head, text(item.sku), text(item.name), text(item.qty_ordered), text(item.price_incl_tax), text(item.row_total_incl_tax), text(order.grand_total)]);
  });
}

/**
 * CSV with a header row (RFC 4180 quoting). A cell a spreadsheet would run as a formula (=, +, -, @)
 * is prefixed with a quote mark, so a shopper's name cannot become a formula in the merchant's sheet.
 */
export function ordersCsv(orders: readonly ExportOrder[]): string {
  const safe = (cell: string) => (/^[=+\-@\t\r]/.test(cell) && !/^-?\d+(\.\d+)?$/.test(cell) ? `'${cell}` : cell);
  return stringify([[...COLUMNS], ...exportRows(orders).map((row) => row.map(safe))]);
}
