import type { Config } from '../../config';
import type { MailMessage } from '../../mail/send-mail';
import { trackOrderLine } from '../../mail/track-order-line';
import { customerReferenceOf } from '../../order/order-document';
import type { OrderRow } from '../../user/order-history-query';
import { orderStatusLabel } from '../../../src/domain/orders/status-label';

/**
 * The invoice mail for one order, read from the order document. The document belongs to the order
 * module, so every field is read defensively and missing ones are left out.
 */
function text(value: unknown): string | undefined {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

function money(value: unknown): string | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(n) ? `£${n.toFixed(2)}` : undefined;
}

function lines(doc: Record<string, unknown>): string[] {
  const products = Array.isArray(doc.products) ? doc.products : Array.isArray(doc.items) ? doc.items : [];
  return products.map((p) => {
    const item = (p ?? {}) as Record<string, unknown>;
    const price = money(item.price_incl_tax ?? item.price);
    return `  ${text(item.qty) ?? '1'} x ${text(item.sku) ?? '?'} ${text(item.name) ?? ''}${price ? `  ${price}` : ''}`.trimEnd();
  });
}

function totals(doc: Record<string, unknown>): string[] {
  const source = (typeof doc.totals === 'object' && doc.totals !== null ? doc.totals : doc) as Record<string, unknown>;
  const rows: Array<[string, unknown]> = [
    ['Subtotal', source.subtotal_incl_tax ?? source.subtotal],
    ['Shipping', source.shipping_incl_tax ?? source.shipping_amount],
    ['Tax', source.tax_amount],
    ['Grand total', source.grand_total],
  ];
  return rows.flatMap(([label, value]) => (money(value) ? [`${label}: ${money(value)}`] : []));
}

export function invoiceMail(config: Pick<Config, 'publicUrl'>, order: OrderRow): MailMessage {
  const number = order.increment_id || order.order_id;
  const reference = customerReferenceOf(order.doc);
  return {
    to: order.email,
    subject: `Invoice for order ${number}${reference ? ` (your reference ${reference})` : ''}`,
    text: [
      `Invoice for order ${number}`,
      ...(reference ? [`Your reference: ${reference}`] : []),
      `Date: ${new Date(order.created_at).toISOString().slice(0, 10)}`,
      `Status: ${orderStatusLabel(order.status)}`,
      '',
      ...lines(order.doc),
      '',
      ...totals(order.doc),
      '',
      trackOrderLine(config.publicUrl, number, order.email),
      `Your orders: ${config.publicUrl}/my-account/orders`,
    ].join('\n'),
  };
}
