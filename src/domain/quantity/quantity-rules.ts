import * as v from 'valibot';
import { FORM_MESSAGES } from '../../../schemas/forms/form-messages';
import { quantityField } from '../../../schemas/forms/form-fields';
import { CART_MESSAGES } from '../cart/cart-messages';
import { readAmount } from '../pricing/money';
import type { StockReading, StockStatus } from '../add-to-cart/add-to-cart-rules';

/**
 * The quantity rules of the cart in one place (SPEC §5): how a typed or stored quantity is read, the
 * quantity an add starts from, and the limits a product puts on a line (minimum order, stock).
 */

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

/** The minimum order of a product, or of the variant chosen when it has its own (at least 1). */
export function minimumOrderOf(product: { minimum_order?: unknown } | undefined, child?: { minimum_order?: unknown }): number {
  const value = readAmount(child?.minimum_order) ?? readAmount(product?.minimum_order) ?? 1;
  return Number.isInteger(value) && value > 1 ? value : 1;
}

/**
 * The quantity to add: the shopper's (text becomes a whole number), else the product's default, SPEC
 * §5 "Default product quantity is 1." or the product's minimum order when it has one.
 */
export function quantityToAdd(input: unknown, product: { minimum_order?: unknown } = {}): QuantityResult {
  if (input === undefined || input === null || input === '') return { ok: true, qty: minimumOrderOf(product) };
  return parseQuantity(input);
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

/**
 * The quantity rules that need the cart line and the stock figure (SPEC §5): the line's quantity
 * after the add must reach the minimum order and, where stock is managed, not pass what is there
 * ("Only {maxQuantity} products of this type are available."). An out-of-stock status is left to
 * the add decision, which refuses it with its own message.
 */
export function addQuantityRefusal(lineQty: number, minimumOrder: number, figure: StockReading | null, status: StockStatus): string | null {
  if (status === 'out_of_stock') return null;
  const refusal = checkQuantityForProduct(lineQty, { minimumOrder, manageStock: figure?.manageStock ?? false, isInStock: true, stockQty: figure?.qty ?? 0 });
  return refusal?.message ?? null;
}
