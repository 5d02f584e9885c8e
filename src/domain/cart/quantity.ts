import * as v from 'valibot';
import { FORM_MESSAGES } from '../../../schemas/forms/form-messages';
import { quantityField } from '../../../schemas/forms/form-fields';
import { CART_MESSAGES } from './cart-messages';

export type QuantityResult = { ok: true; qty: number } | { ok: false; message: string };

/**
 * Reads a cart quantity with the shared form rule (SPEC §5): text is converted to a whole number
 * ("3" → 3); a fraction or other text is "positive integer"; zero and below are "above 0".
 */
export function parseQuantity(input: unknown): QuantityResult {
  if (input === undefined || input === null) return { ok: false, message: FORM_MESSAGES.quantityInteger };
  const result = v.safeParse(quantityField, input);
  if (result.success) return { ok: true, qty: result.output };
  return { ok: false, message: result.issues[0].message };
}

/** A refusal by the product's quantity rules; `stock` tells a stock shortage from a rule of the product. */
export interface QuantityRefusal {
  message: string;
  stock: boolean;
}

/** The quantity rules that depend on the product: minimum order, then stock status and level. */
export function checkQuantityForProduct(
  qty: number,
  product: { minimumOrder: number; manageStock: boolean; isInStock: boolean; stockQty: number },
): QuantityRefusal | undefined {
  if (qty < product.minimumOrder) return { message: CART_MESSAGES.minimumOrder(product.minimumOrder), stock: false };
  if (!product.isInStock || (product.manageStock && product.stockQty <= 0)) return { message: CART_MESSAGES.outOfStock, stock: true };
  if (product.manageStock && qty > product.stockQty) return { message: CART_MESSAGES.onlyAvailable(product.stockQty), stock: true };
  return undefined;
}
