import { describe, expect, it } from 'vitest';
import { ADD_TO_CART_MESSAGES, decideAddToCart, localStockStatus, stockCheckOutcome, validateForCart } from './add-to-cart-rules';

const inStock = { is_in_stock: true, qty: 12, manage_stock: true };

describe('add-to-cart validation (SPEC §5)', () => {
  it('refuses a price_incl_tax of 0 or below with the spec message', () => {
    expect(validateForCart({ price_incl_tax: 0 })).toEqual(['Product price is unknown, product cannot be added to the cart!']);
    expect(validateForCart({ price_incl_tax: -1 })).toEqual(['Product price is unknown, product cannot be added to the cart!']);
    expect(validateForCart({})).toEqual(['Product price is unknown, product cannot be added to the cart!']);
    expect(validateForCart({ price_incl_tax: 0.01 })).toEqual([]);
  });

  it('with zero-price products allowed, refuses only prices below 0', () => {
    expect(validateForCart({ price_incl_tax: 0 }, { useZeroPriceProduct: true })).toEqual([]);
    expect(validateForCart({ price_incl_tax: -0.5 }, { useZeroPriceProduct: true })).toHaveLength(1);
  });

  it('reports the error entries already on the product', () => {
    expect(validateForCart({ price_incl_tax: 5, errors: { variants: 'No available product variants' } })).toEqual(['No available product variants']);
  });
});

describe('stock status from the product (SPEC §4)', () => {
  it('is ok in stock, out_of_stock without stock, volatile when stock sync is off or unknown', () => {
    expect(localStockStatus({ stock: inStock })).toBe('ok');
    expect(localStockStatus({ stock: { ...inStock, is_in_stock: false } })).toBe('out_of_stock');
    expect(localStockStatus({ stock: { ...inStock, qty: 0 } })).toBe('out_of_stock');
    expect(localStockStatus({ stock: { ...inStock, qty: 0, manage_stock: false } })).toBe('ok');
    expect(localStockStatus({ stock: inStock }, { stockSyncEnabled: false })).toBe('volatile');
    expect(localStockStatus({})).toBe('volatile');
  });
});

describe('the add-to-cart decision', () => {
  const product = { price_incl_tax: 12, stock: inStock };
  it('adds in stock with "Product has been added to the cart!", or the quantity update message for an existing line', () => {
    expect(decideAddToCart(product, 'ok')).toEqual({ add: true, notice: { type: 'success', message: 'Product has been added to the cart!' } });
    expect(decideAddToCart(product, 'ok', {}, true)).toEqual({ add: true, notice: { type: 'success', message: 'Product quantity has been updated!' } });
  });

  it('adds a volatile product as a pre-reservation with a warning', () => {
    expect(decideAddToCart(product, 'volatile')).toEqual({ add: true, notice: { type: 'warning', message: ADD_TO_CART_MESSAGES.volatile } });
    expect(ADD_TO_CART_MESSAGES.volatile).toBe('The system is not sure about the stock quantity (volatile). Product has been added to the cart for pre-reservation.');
  });

  it('refuses out of stock with an error, and refuses an unknown price before looking at stock', () => {
    expect(decideAddToCart(product, 'out_of_stock')).toEqual({ add: false, notice: [{ type: 'error', message: 'The product is out of stock and cannot be added to the cart!' }] });
    expect(decideAddToCart({ price_incl_tax: 0 }, 'ok')).toEqual({ add: false, notice: [{ type: 'error', message: 'Product price is unknown, product cannot be added to the cart!' }] });
  });

  it('when out-of-stock items are allowed, adds both without a stock notice', () => {
    expect(decideAddToCart(product, 'out_of_stock', { allowOutOfStockInCart: true }).add).toBe(true);
    expect(decideAddToCart(product, 'volatile', { allowOutOfStockInCart: true })).toMatchObject({ add: true, notice: { type: 'success' } });
  });
});

describe('the stock check of a cart item', () => {
  it('marks "In stock!" or "Out of the stock!", and removes only when neither out-of-stock items nor cart sync are on', () => {
    expect(stockCheckOutcome(true)).toEqual({ action: 'mark', errors: {}, info: { stock: 'In stock!' } });
    expect(stockCheckOutcome(false)).toEqual({ action: 'mark', errors: { stock: 'Out of the stock!' }, info: {} });
    expect(stockCheckOutcome(false, { cartSyncEnabled: false })).toEqual({ action: 'remove' });
    expect(stockCheckOutcome(false, { cartSyncEnabled: false, allowOutOfStockInCart: true }).action).toBe('mark');
  });
});
