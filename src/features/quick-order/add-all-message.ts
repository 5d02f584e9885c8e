import { ADD_TO_CART_MESSAGES } from '../../domain/add-to-cart/add-to-cart-rules';

/** The one notice "Add all to cart" leaves, in place of one per line. */
export interface AddAllNotice {
  type: 'success' | 'warning';
  /** Whole sentences, each ending with its own stop. */
  sentences: string[];
}

/** The cart's own success messages say per line what the count says for all of them. */
const SAID_BY_THE_COUNT: ReadonlySet<string> = new Set([ADD_TO_CART_MESSAGES.added, ADD_TO_CART_MESSAGES.qtyUpdated]);

/**
 * One merged message for a whole "Add all to cart": how many lines went in, each other thing the cart
 * said once (SPEC's volatile-stock notice stays word for word), and how many lines stay on the pad.
 * `added` and `left` are the sentences for the counts, already worded.
 */
export function addAllNotice(added: string | null, cartMessages: readonly string[], left: string | null): AddAllNotice {
  const others = [...new Set(cartMessages.filter((m) => !SAID_BY_THE_COUNT.has(m)))];
  const sentences = [added, ...others, left].filter((s): s is string => s !== null && s !== '');
  return { type: others.length > 0 || left ? 'warning' : 'success', sentences };
}
