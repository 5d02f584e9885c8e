import { isOrderNumber } from '../../schemas/api/order-id';

/**
 * The column an id given to a lookup names: digits only is an order number (`increment_id`), anything
 * else a client's `order_id` (which can never be digits only). Never both, so one cannot pose as the other.
 */
export const orderKeyColumn = (id: string): 'increment_id' | 'order_id' => (isOrderNumber(id) ? 'increment_id' : 'order_id');

/** Order numbers are nine digits with leading zeros ("000001005"): `lockOrderIdForNumber` makes them so. */
export const ORDER_NUMBER_DIGITS = 9;

/**
 * An order number as a shopper may type it ("1005", "#1005", "000001005", " 1005 ") in the shop's own
 * form ("000001005"); anything that is not a number is returned trimmed, as it was.
 */
export function canonicalOrderNumber(typed: string): string {
  const trimmed = typed.trim().replace(/^#/, '');
  if (!isOrderNumber(trimmed)) return typed.trim();
  return trimmed.replace(/^0+(?=\d)/, '').padStart(ORDER_NUMBER_DIGITS, '0');
}
