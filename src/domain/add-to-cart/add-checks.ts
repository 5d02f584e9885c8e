import { CART_MESSAGES } from '../cart/cart-messages';
import { quantityToAdd } from '../quantity/quantity-rules';

/**
 * The add-to-cart checks every screen that adds a product runs (the product page, the quick order
 * pad), so a shopper meets the same rules and the same words wherever they add from (SPEC §4, §5).
 */

/** What the screen knows of the product it is about to add. */
export interface AddRequestFacts {
  /** Why no variant can be chosen ("No available product variants"): a warning, nothing is added. */
  blocked?: string | undefined;
  /** Every required bundle and custom option has an answer. */
  optionsAnswered: boolean;
  /** One unit excluding tax in whole pence; 0 or unknown cannot be sold (SPEC §1: no zero-price products). */
  pricePence: number | null;
  inStock: boolean;
}

export type AddRequestCheck = { ok: true; qty: number } | { ok: false; type: 'warning' | 'error'; message: string };

/**
 * Before the cart is touched, in this order: a blocked variant, unanswered options, an unknown price,
 * out of stock, then the quantity typed (text becomes a whole number above 0; empty is the default,
 * the product's minimum order).
 */
export function checkAddRequest(facts: AddRequestFacts, qtyInput: unknown, product: { minimum_order?: unknown } = {}): AddRequestCheck {
  if (facts.blocked) return { ok: false, type: 'warning', message: facts.blocked };
  if (!facts.optionsAnswered) return { ok: false, type: 'error', message: CART_MESSAGES.configure };
  if (!facts.pricePence || facts.pricePence <= 0) return { ok: false, type: 'error', message: CART_MESSAGES.priceUnknown };
  if (!facts.inStock) return { ok: false, type: 'error', message: CART_MESSAGES.outOfStock };
  const amount = quantityToAdd(qtyInput, product);
  return amount.ok ? { ok: true, qty: amount.qty } : { ok: false, type: 'error', message: amount.message };
}
