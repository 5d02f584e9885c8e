import { itemChecksum } from '../../src/domain/cart/item-checksum';
import { addPercent, toPence } from '../../src/domain/pricing/money';
import type { CartLine, ServerCartItem } from './cart-types';
import { lineKey } from './item-match';

/** Copies what the server confirmed onto a local line: its ids, quantity, options and unit price. */
export function confirmLine(line: CartLine, item: ServerCartItem, cartId: string, now: number): CartLine {
  const pricePence = toPence(item.price);
  // The line keeps its tax ratio when the server's price differs from the one seen at add time.
  const inclTax = line.price_pence > 0 ? Math.round((pricePence * line.price_incl_tax_pence) / line.price_pence) : pricePence;
  return {
    ...line,
    qty: item.qty,
    prev_qty: item.qty,
    item_id: item.item_id,
    server_item_id: item.item_id,
    server_cart_id: cartId,
    quote_id: item.quote_id ?? cartId,
    product_option: item.product_option ?? line.product_option,
    type_id: item.product_type || line.type_id,
    price_pence: pricePence > 0 ? pricePence : line.price_pence,
    price_incl_tax_pence: pricePence > 0 ? inclTax : line.price_incl_tax_pence,
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
