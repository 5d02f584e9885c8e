import type { TotalsReply } from '../../schemas/api/cart';
import { COURIER_FLAT_RATE } from '../../src/domain/totals/delivery-methods';
import type { PricedLine } from '../cart/line-pricing';

export interface OrderFacts {
  orderId: string;
  incrementId: string;
  createdAt: string;
  customerId: string | null;
  customerGroupId: number;
  email: string;
  billing: Record<string, unknown>;
  shipping: Record<string, unknown> | null;
  shippingMethod: { carrier_code: string; method_code: string } | null;
  paymentMethod: string;
  paymentAdditional: unknown;
  storeCode: string | null;
  clientCreatedAt: unknown;
  /** The customer's job or PO number, as validated (trimmed); absent when none was given. */
  customerReference?: string | undefined;
}

/** The customer's own reference (job or PO number) of a stored order document, or null. */
export const customerReferenceOf = (doc: Record<string, unknown>): string | null => (typeof doc.customer_reference === 'string' && doc.customer_reference !== '' ? doc.customer_reference : null);

/**
 * The full order as stored (and shown in order history): Magento-like field names, with every price
 * and total recomputed on the server. The passwords and client prices of the request are not in it.
 */
export function orderDocument(facts: OrderFacts, lines: readonly PricedLine[], totals: TotalsReply): Record<string, unknown> {
  return {
    order_id: facts.orderId,
    increment_id: facts.incrementId,
    status: 'pending',
    created_at: facts.createdAt,
    client_created_at: facts.clientCreatedAt ?? null,
    store_code: facts.storeCode,
    customer_id: facts.customerId,
    customer_group_id: facts.customerGroupId,
    customer_is_guest: facts.customerId === null,
    customer_email: facts.email,
    customer_firstname: facts.billing.firstname,
    customer_lastname: facts.billing.lastname,
    customer_reference: facts.customerReference ?? null,
    items: totals.items.map((t, i) => ({
      item_id: i + 1,
      sku: t.sku,
      parent_sku: lines[i]?.resolved.parentSku ?? null,
      name: t.name,
      product_type: lines[i]?.resolved.typeId,
      qty_ordered: t.qty,
      price: t.price,
      price_incl_tax: t.price_incl_tax,
      row_total: t.row_total,
      row_total_incl_tax: t.row_total_incl_tax,
      discount_amount: t.discount_amount,
      tax_amount: t.tax_amount,
      tax_percent: t.tax_percent,
      options: t.options,
      product_option: t.product_option,
    })),
    billing_address: facts.billing,
    shipping_address: facts.shipping,
    shipping_method: facts.shippingMethod ? `${facts.shippingMethod.carrier_code}_${facts.shippingMethod.method_code}` : null,
    shipping_description: facts.shippingMethod ? `${COURIER_FLAT_RATE.carrier_title} - ${COURIER_FLAT_RATE.method_title}` : null,
    payment: { method: facts.paymentMethod, additional_information: facts.paymentAdditional ?? null },
    coupon_code: totals.coupon_code ?? null,
    subtotal: totals.subtotal,
    subtotal_incl_tax: totals.subtotal_incl_tax,
    discount_amount: totals.discount_amount,
    shipping_amount: totals.shipping_amount,
    shipping_incl_tax: totals.shipping_incl_tax,
    tax_amount: totals.tax_amount,
    grand_total: totals.grand_total,
    total_qty_ordered: totals.items_qty,
    base_currency_code: 'GBP',
    order_currency_code: 'GBP',
    total_segments: totals.total_segments,
  };
}
