import type { OrderRecord } from '../../schemas/rx/orders.schema';
import type { OrderStore } from '../../replication/orders/order-outbox';

/** An OrderStore in memory, for tests. */
export function memoryOrderStore(): OrderStore & { all(): OrderRecord[] } {
  const orders = new Map<string, OrderRecord>();
  return {
    all: () => [...orders.values()],
    insert: async (order) => {
      const stored = orders.get(order.order_id);
      if (stored) return stored;
      orders.set(order.order_id, order);
      return null;
    },
    get: async (id) => orders.get(id) ?? null,
    queued: async (options = {}) => [...orders.values()].filter((o) => o.state === 'queued' || (options.includeHeld === true && (o.state === 'held' || o.state === 'repriced'))).sort((a, b) => a.created_at - b.created_at),
    update: async (id, patch, onlyIf) => {
      const order = orders.get(id);
      if (!order || (onlyIf && !onlyIf(order))) return false;
      orders.set(id, { ...order, ...patch });
      return true;
    },
    remove: async (ids, onlyIn) => ids.forEach((id) => (onlyIn === undefined || orders.get(id)?.state === onlyIn) && orders.delete(id)),
  };
}
