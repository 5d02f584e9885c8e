import type { OrderStore } from '../../../replication/orders/order-outbox';
import type { OrderRecord } from '../../../schemas/rx/orders.schema';
import type { ShopDatabase } from '../database-types';

/** The order outbox on the `orders` collection: queued orders survive a reload and are seen by every tab. */
export function orderStore(db: ShopDatabase): OrderStore {
  const plain = (doc: { toMutableJSON(): unknown } | null) => (doc ? (doc.toMutableJSON() as OrderRecord) : null);
  return {
    insert: async (order) => void (await db.orders.insert(order)),
    get: async (orderId) => plain(await db.orders.findOne(orderId).exec()),
    queued: async (options = {}) =>
      (await db.orders.find({ selector: { state: options.includeHeld ? { $in: ['queued', 'held'] } : 'queued' }, sort: [{ created_at: 'asc' }] }).exec()).map((d) => d.toMutableJSON()),
    update: async (orderId, patch) => {
      const { order_id: _id, ...rest } = patch;
      await db.orders.findOne(orderId).incrementalPatch(rest);
    },
    remove: async (orderIds) => void (orderIds.length > 0 && (await db.orders.bulkRemove([...orderIds]))),
  };
}
