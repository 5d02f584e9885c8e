import { CART_MESSAGES } from '../cart/cart-messages';
import { readAmount } from '../pricing/money';

/** The wording of SPEC §8 for adding to the cart and for stock checks on cart items. */
export const ADD_TO_CART_MESSAGES = {
  added: 'Product has been added to the cart!',
  qtyUpdated: 'Product quantity has been updated!',
  volatile: 'The system is not sure about the stock quantity (volatile). Product has been added to the cart for pre-reservation.',
  outOfStock: CART_MESSAGES.outOfStock,
  priceUnknown: CART_MESSAGES.priceUnknown,
  itemOutOfStock: 'Out of the stock!',
  itemInStock: 'In stock!',
} as const;

export type StockStatus = 'ok' | 'volatile' | 'out_of_stock';

export interface CartProductFields {
  price_incl_tax?: unknown;
  /** Error entries already on the product (e.g. an unconfigured option), reported as they are. */
  errors?: unknown;
  stock?: { is_in_stock?: unknown; qty?: unknown; manage_stock?: unknown } | null;
}

export interface CartRules {
  /** Zero-price products are not allowed in this shop (SPEC §1). */
  useZeroPriceProduct?: boolean;
  /** Out-of-stock items are not allowed in the cart (SPEC §5). */
  allowOutOfStockInCart?: boolean;
  /** Off: no online stock check can confirm the local figure, so the status is volatile. */
  stockSyncEnabled?: boolean;
}

/**
 * SPEC §5: refused when price_incl_tax is 0 or below (below 0 only, if zero-price products were
 * allowed), and every error entry already on the product is reported too.
 */
export function validateForCart(product: CartProductFields, rules: CartRules = {}): string[] {
  const messages: string[] = [];
  const price = readAmount(product.price_incl_tax);
  const refused = price === undefined || (rules.useZeroPriceProduct ? price < 0 : price <= 0);
  if (refused) messages.push(ADD_TO_CART_MESSAGES.priceUnknown);
  if (product.errors && typeof product.errors === 'object') {
    for (const value of Object.values(product.errors as Record<string, unknown>)) if (typeof value === 'string' && value) messages.push(value);
  }
  return messages;
}

/** The stock status from the product's own stock (SPEC §4): volatile when stock sync is off. */
export function localStockStatus(product: CartProductFields, rules: CartRules = {}): StockStatus {
  if (rules.stockSyncEnabled === false) return 'volatile';
  const stock = product.stock;
  if (!stock) return 'volatile';
  return isAvailable(readStock(stock)) ? 'ok' : 'out_of_stock';
}

/** A stock record as the cart's rules read it (the catalogue's and /api/stock/check's fields). */
export interface StockReading {
  isInStock: boolean;
  manageStock: boolean;
  qty: number;
}

export function readStock(stock: { is_in_stock?: unknown; manage_stock?: unknown; qty?: unknown }): StockReading {
  const isInStock = stock.is_in_stock === true || stock.is_in_stock === 1 || stock.is_in_stock === '1';
  return { isInStock, manageStock: stock.manage_stock !== false, qty: readAmount(stock.qty) ?? 0 };
}

/** In stock, and with a quantity left unless the stock is not managed. */
export const isAvailable = (stock: StockReading): boolean => stock.isInStock && (!stock.manageStock || stock.qty > 0);

export type AddDecision = { add: true; notice: { type: 'success' | 'warning'; message: string } } | { add: false; notice: { type: 'error'; message: string }[] };

/**
 * The outcome of adding a product (SPEC §4, §5): validation errors first; then the stock status
 * decides — ok adds with a success notice, volatile adds as a pre-reservation with a warning (unless
 * out-of-stock items are allowed anyway), out_of_stock refuses with an error.
 */
export function decideAddToCart(product: CartProductFields, status: StockStatus, rules: CartRules = {}, existingLine = false): AddDecision {
  const errors = validateForCart(product, rules);
  if (errors.length > 0) return { add: false, notice: errors.map((message) => ({ type: 'error', message })) };
  if (status === 'out_of_stock' && !rules.allowOutOfStockInCart) return { add: false, notice: [{ type: 'error', message: ADD_TO_CART_MESSAGES.outOfStock }] };
  if (status === 'volatile' && !rules.allowOutOfStockInCart) return { add: true, notice: { type: 'warning', message: ADD_TO_CART_MESSAGES.volatile } };
  return { add: true, notice: { type: 'success', message: existingLine ? ADD_TO_CART_MESSAGES.qtyUpdated : ADD_TO_CART_MESSAGES.added } };
}

export type StockCheckOutcome = { action: 'remove' } | { action: 'mark'; errors: { stock?: string }; info: { stock?: string } };

/**
 * The result of the online stock check of a cart item (vsf1 §1.6 stockSync): in stock → info
 * "In stock!"; not in stock → removed when neither out-of-stock items nor cart sync are allowed,
 * else marked "Out of the stock!".
 */
export function stockCheckOutcome(isInStock: boolean, rules: CartRules & { cartSyncEnabled?: boolean } = {}): StockCheckOutcome {
  if (isInStock) return { action: 'mark', errors: {}, info: { stock: ADD_TO_CART_MESSAGES.itemInStock } };
  if (!rules.allowOutOfStockInCart && rules.cartSyncEnabled === false) return { action: 'remove' };
  return { action: 'mark', errors: { stock: ADD_TO_CART_MESSAGES.itemOutOfStock }, info: {} };
}
