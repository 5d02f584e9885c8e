import { orderedLineKey, type OrderedProduct } from '../../../replication/cart/item-match';
import type { ShopDatabase } from '../database-types';

export type { OrderedProduct };

/**
 * After an order is stored, only the ordered lines leave the cart (DESIGN "Faults and exactly-once"):
 * a line goes when it holds no more than was ordered, and keeps what was added to it while the order
 * was in flight (another tab); lines not in the order stay. Each line is decided on its stored
 * revision, like the other line writes, so an add or a sync write at the same moment is not lost.
 */
export async function removeOrderedLines(db: ShopDatabase, products: readonly OrderedProduct[]): Promise<void> {
  const ordered = new Map<string, number>();
  for (const product of products) ordered.set(orderedLineKey(product), (ordered.get(orderedLineKey(product)) ?? 0) + product.qty);
  for (const [id, qty] of ordered) {
    const doc = await db.cart.findOne(id).exec();
    await doc?.incrementalModify((current) => {
      if (current._deleted) return current;
      // A smaller quantity is an edit made after the order was built; the line was still ordered.
      if (current.qty <= qty) return { ...current, _deleted: true };
      // A local edit: a sync that read the line before keeps this quantity (see cart-store).
      return { ...current, qty: current.qty - qty, updated_at: Date.now() };
    });
  }
}
