import { isRecord, recordsOf, textOf } from '../../domain/cart/doc-fields';

/** What the thank-you page repeats of the order the shopper placed, read from its stored body. */
export interface PlacedOrderSummary {
  lines: { sku: string; name: string; qty: number }[];
  /** The grand total incl. VAT the shopper confirmed (the server's once it has the order). */
  grandTotal: number | null;
  /** The delivery address as lines of text. */
  address: string[];
  reference: string | null;
}

const amount = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** Reads the order body (`buildOrderBody`) and the server's reply; anything missing is left out. */
export function placedOrderSummary(body: unknown, result: unknown): PlacedOrderSummary {
  const order = isRecord(body) ? body : {};
  const info = isRecord(order.addressInformation) ? order.addressInformation : {};
  const shipping = isRecord(info.shippingAddress) ? info.shippingAddress : {};
  const street = Array.isArray(shipping.street) ? shipping.street.map((s) => textOf(s)) : [];
  const address = [
    [textOf(shipping.firstname), textOf(shipping.lastname)].filter(Boolean).join(' '),
    ...street,
    [textOf(shipping.city), textOf(shipping.postcode)].filter(Boolean).join(' '),
    textOf(shipping.country_id),
  ].filter((line) => line !== '');
  const reference = textOf(order.customer_reference) || null;
  return {
    lines: recordsOf(order.products).map((p) => ({ sku: textOf(p.sku), name: textOf(p.name, textOf(p.sku)), qty: amount(p.qty) ?? 0 })),
    grandTotal: (isRecord(result) ? amount(result.grand_total) : null) ?? amount(order.grand_total),
    address,
    reference,
  };
}
