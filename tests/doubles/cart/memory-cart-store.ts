import { DEFAULT_CART_STATE } from '../../../schemas/rx/local-documents';
import type { CartLine, CartState, CartStore } from '../../../replication/cart/cart-types';

/**
 * A CartStore in memory, for tests. Like the database one, a write-back does not bring back a line
 * removed since the sync round read the lines, and keeps a quantity changed since.
 */
export function memoryCartStore(initial: Partial<CartState> = {}): CartStore & { map: Map<string, CartLine>; current(): CartState } {
  const map = new Map<string, CartLine>();
  let state: CartState = { ...DEFAULT_CART_STATE, ...initial };
  let read = new Map<string, number>();
  const copy = () => [...map.values()].sort((a, b) => a.added_at - b.added_at).map((l) => ({ ...l }));
  return {
    map,
    current: () => state,
    lines: async () => copy(),
    readForSync: async () => {
      read = new Map([...map.values()].map((l) => [l.id, l.updated_at]));
      return copy();
    },
    putLine: async (line) => {
      const seenAt = read.get(line.id);
      const current = map.get(line.id);
      if (!current && seenAt !== undefined) return;
      if (current && current.updated_at !== seenAt) {
        const { qty, updated_at, last_op_id } = current;
        map.set(line.id, { ...line, qty, updated_at, last_op_id });
        return;
      }
      map.set(line.id, { ...line });
    },
    hasLine: async (id) => map.has(id),
    removeLine: async (id) => void map.delete(id),
    removeIfUnchanged: async (id) => void (map.get(id)?.updated_at === read.get(id) && map.delete(id)),
    state: async () => state,
    updateState: async (change) => (state = change(state)),
  };
}
