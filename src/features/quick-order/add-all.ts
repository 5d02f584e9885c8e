import { addProductToCart } from '../../db/cart/cart-add';
import type { LocalShop } from '../../db/start-local-database';
import type { AddLine } from './pad-row';

export interface AddAllOutcome {
  /** Rows now in the cart: they leave the pad. */
  added: Set<string>;
  /** Rows the cart refused (the live stock check, what another tab added meanwhile), with the message. */
  refused: Map<string, string>;
  /** What the cart said about the lines it took, once each (added, quantity updated, volatile stock). */
  notices: string[];
}

/**
 * "Add all to cart": each ready row goes through the product page's add (live stock check online, a
 * volatile pre-reservation offline, the minimum order and stock limit on the line), one after another
 * so the cart's notices and line writes stay in order.
 */
export async function addRowsToCart(shop: LocalShop, rows: readonly { id: string; line: AddLine }[], customerGroupId: number): Promise<AddAllOutcome> {
  const outcome: AddAllOutcome = { added: new Set(), refused: new Map(), notices: [] };
  for (const { id, line } of rows) {
    const result = await addProductToCart(shop, { ...line, customerGroupId });
    if (!result.added) outcome.refused.set(id, result.messages[0] ?? '');
    else {
      outcome.added.add(id);
      for (const message of result.messages) if (!outcome.notices.includes(message)) outcome.notices.push(message);
    }
  }
  return outcome;
}
