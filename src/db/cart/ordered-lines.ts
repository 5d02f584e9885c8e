import { lineKey } from '../../../replication/cart/item-match';
import type { CartLine } from '../../../schemas/rx/cart.schema';
import { itemChecksum } from '../../domain/cart/item-checksum';
import { insertOrModifyLine } from './cart-line-write';
import type { ShopDatabase } from '../database-types';

/** A line of an order body: what was ordered of which cart line. */
export interface OrderedLine {
  sku: string;
  qty: number;
  checksum?: unknown;
  product_option?: unknown;
}

/** The cart line an ordered line came from: its checksum, or one made from its options as the cart makes it (no options → null). */
function lineIdOf(line: OrderedLine): string {
  if (typeof line.checksum === 'string') return lineKey(line.sku, line.checksum);
  const option = line.product_option;
  const chosen = option && typeof option === 'object' && Object.keys(option).length > 0 ? option : null;
  return lineKey(line.sku, itemChecksum(chosen));
}

/**
 * Only the ordered lines leave the cart: each ordered line goes, or shrinks by the ordered quantity
 * when the shopper added more of it (another tab) while the order was being placed; lines that are
 * not in the order stay. Returns what was taken, to put back if the server refuses the order.
 */
export async function takeOrderedLines(db: ShopDatabase, ordered: readonly OrderedLine[]): Promise<CartLine[]> {
  const taken: CartLine[] = [];
  for (const line of ordered) {
    const doc = await db.cart.findOne(lineIdOf(line)).exec();
    if (!doc) continue;
    const current = doc.toMutableJSON();
    if (current.qty <= line.qty) {
      await doc.incrementalRemove();
      taken.push(current);
    } else {
      await doc.incrementalModify((c) => ({ ...c, qty: c.qty - line.qty, updated_at: Date.now() }));
      taken.push({ ...current, qty: line.qty });
    }
  }
  return taken;
}

/** The server refused the order: what it took goes back into the cart, added to whatever is there now. */
export async function putBackOrderedLines(db: ShopDatabase, taken: readonly CartLine[]): Promise<void> {
  const now = Date.now();
  for (const line of taken) {
    await insertOrModifyLine(db, line.id, () => ({ ...line, updated_at: now }), (current) => ({ ...current, qty: current.qty + line.qty, updated_at: now }));
  }
}
