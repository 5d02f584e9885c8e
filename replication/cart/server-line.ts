import { itemChecksum } from '../../src/domain/cart/item-checksum';
import { withServerPrice } from '../../src/domain/cart/line-price-state';
import { addPercent, toPence } from '../../src/domain/pricing/money';
import type { CartLine, ServerCartItem } from './cart-types';
import { lineKey } from '../../src/domain/cart/line-key';

/**
 * Copies what the server confirmed onto a local line: its ids, quantity, options and unit price. The
 * price is then current (SPEC §3); a change of it at the quantity the server had confirmed before is
 * kept for the screens to tell (see `withServerPrice`).
 */
export function confirmLine(line: CartLine, item: ServerCartItem, cartId: string, now: number): CartLine {
  const pricePence = toPence(item.price);
  // The line keeps its tax ratio when the server's price differs from the one seen at add time.
  const inclTax = line.price_pence > 0 ? Math.round((pricePence * line.price_incl_tax_pence) / line.price_pence) : pricePence;
  // A line the server cannot price (price 0) keeps its own, unconfirmed.
  const price = pricePence > 0 ? withServerPrice({ ...line, qty: item.qty }, { pricePence, priceInclTaxPence: inclTax }, line.prev_qty, now) : {};
  return {
    ...line,
    ...price,
    qty: item.qty,
    prev_qty: item.qty,
    item_id: item.item_id,
    server_item_id: item.item_id,
    server_cart_id: cartId,
    quote_id: item.quote_id ?? cartId,
    product_option: item.product_option ?? line.product_option,
    type_id: item.product_type || line.type_id,
    updated_at: now,
  };
}

export interface LineProductInfo {
  name?: string;
  thumbnail?: string | null;
  parentSku?: string | null;
  /** The VAT rate of the product for the shop's country. */
  taxPercent: number;
}

/** A server line the client did not have, added locally as the server holds it (no round trip). */
export function lineFromServer(item: ServerCartItem, cartId: string, now: number, product?: LineProductInfo): CartLine {
  const checksum = itemChecksum(item.product_option);
  const pricePence = toPence(item.price);
  return {
    id: lineKey(item.sku, checksum),
    sku: item.sku,
    parentSku: product?.parentSku ?? null,
    name: product?.name ?? item.name,
    type_id: item.product_type,
    qty: item.qty,
    prev_qty: item.qty,
    checksum,
    product_option: item.product_option ?? {},
    price_pence: pricePence,
    price_incl_tax_pence: addPercent(pricePence, product?.taxPercent ?? 0),
    // The server's price as of now, and the first the shopper sees of this line.
    price_is_current: pricePence > 0,
    price_refreshed_at: pricePence > 0 ? now : null,
    price_seen_incl_tax_pence: addPercent(pricePence, product?.taxPercent ?? 0),
    thumbnail: product?.thumbnail ?? null,
    item_id: item.item_id,
    server_item_id: item.item_id,
    server_cart_id: cartId,
    quote_id: item.quote_id ?? cartId,
    errors: {},
    info: {},
    added_at: now,
    updated_at: now,
  };
}
