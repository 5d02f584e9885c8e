import type { Queryable } from '../db/database';
import { activeCustomerCart, listItems, putLine, type CartRow } from './cart-store';

/** What an order took from its cart: a line (sku and options checksum) and how many. */
export interface TakenLine {
  sku: string;
  checksum: string;
  qty: number;
}

const keyOf = (line: { sku: string; checksum: string }) => `${line.sku}\n${line.checksum}`;

/**
 * A customer's cart also holds lines saved from other devices, and lines added while the order was
 * on its way; the order names only what it took. When the order converts the cart, whatever it did
 * not take moves to the customer's new open cart, so nothing saved leaves with the conversion.
 * Runs in the order's transaction, after the cart is marked converted. Guest carts have one device,
 * which still holds its other lines.
 */
export async function carryOverUntaken(tx: Queryable, cart: CartRow, taken: readonly TakenLine[]): Promise<void> {
  if (cart.customer_id === null) return;
  const takenQty = new Map<string, number>();
  for (const line of taken) takenQty.set(keyOf(line), (takenQty.get(keyOf(line)) ?? 0) + line.qty);
  const left = (await listItems(tx, cart.id)).map((item) => ({ ...item, qty: item.qty - (takenQty.get(keyOf(item)) ?? 0) })).filter((item) => item.qty > 0);
  if (left.length === 0) return;
  const next = await activeCustomerCart(tx, cart.customer_id);
  for (const item of left) {
    await putLine(tx, next, { sku: item.sku, parentSku: item.parent_sku, qty: item.qty, productOption: item.product_option, checksum: item.checksum });
  }
}
