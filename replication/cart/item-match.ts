import { itemChecksum } from '../../src/domain/cart/item-checksum';
import { lineKey } from '../../src/domain/cart/line-key';
import type { CartLine, ServerCartItem } from './cart-types';

function optionLists(option: unknown): { bundle: boolean; custom: boolean } {
  const ext = (option as { extension_attributes?: Record<string, unknown> } | null)?.extension_attributes ?? {};
  const nonEmpty = (v: unknown) => Array.isArray(v) && v.length > 0;
  return { bundle: nonEmpty(ext.bundle_options), custom: nonEmpty(ext.custom_options) };
}

/**
 * Is this server line the same as this local line (vsf1 §1.2)? Lines with bundle or custom options
 * match on the server item id, else on the options checksum; configurable lines on the (child) sku;
 * other lines on the server item id, else on the sku. Item ids count only within the cart that gave
 * them: after a login the lines of the guest cart meet the customer cart, whose ids differ.
 */
export function sameItem(line: CartLine, item: ServerCartItem, cartId: string): boolean {
  const serverId = line.server_cart_id === cartId ? (line.server_item_id ?? line.item_id ?? null) : null;
  const { bundle, custom } = optionLists(line.product_option);
  if (bundle || custom) return serverId !== null ? serverId === item.item_id : line.checksum === itemChecksum(item.product_option);
  if (line.type_id === 'configurable' || line.parentSku) return line.sku === item.sku;
  return serverId !== null ? serverId === item.item_id : line.sku === item.sku;
}

/** A line of an order body: the cart line it came from (sku, options) and how much of it was ordered. */
export interface OrderedProduct {
  sku: string;
  qty: number;
  /** The line's options checksum as the order body carries it; taken from `product_option` when missing. */
  checksum?: string | null;
  product_option?: Record<string, unknown> | null;
}

/**
 * A product an order not yet accepted takes from a cart. `placement` is set while the stored order has
 * not finished taking its lines (`OrderRecord.lines_taken` false): a cart line not marked with it
 * (`CartLine.taken_by`) still holds the ordered quantity.
 */
export interface AwaitingProduct extends OrderedProduct {
  placement?: string;
}

/** The key of the cart line an ordered product came from. */
export function orderedLineKey(product: Pick<OrderedProduct, 'sku' | 'checksum' | 'product_option'>): string {
  const option = product.product_option ?? {};
  return lineKey(product.sku, product.checksum ?? itemChecksum(Object.keys(option).length > 0 ? option : null));
}
