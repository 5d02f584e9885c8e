import type { CartLine, CartStore } from '../../../replication/cart/cart-types';
import type { ShopDatabase } from '../database-types';
import { insertOrModifyLine, lineDocument, removeLine, storedLine, storedLines, takenBy } from './cart-line-write';
import { LOCAL, modifyLocal, readLocal } from '../local-state';

/** What the shopper chose on a line: a sync result never overwrites these after a local edit. */
const SERVER_FIELDS = ['prev_qty', 'item_id', 'server_item_id', 'server_cart_id', 'quote_id', 'price_pence', 'price_incl_tax_pence'] as const;
/** Whether the server price is current; taken only when the sync's line says (lines from before v1 do not). */
const PRICE_STATE_FIELDS = ['price_is_current', 'price_refreshed_at'] as const;

/**
 * The cart sync's view of the `cart` collection and the `cart-state` local document.
 *
 * A sync round reads the lines, talks to the server, then writes each line back. The shopper may
 * change a line in between (add once more, edit, remove): that edit must win. So a write-back for a
 * line changed (or added) since the round read the lines takes only the server's bookkeeping (ids,
 * confirmed quantity, price), and a line removed in the meantime stays removed. The changed line then
 * differs from the synced hash, and the next sync sends it. A line removed before the round read the
 * lines is not remembered: the server may bring it back (it was added again on another device).
 */
/**
 * A line as a sync round read it: its time and the shopper's last change on it. Two edits in one
 * millisecond (two tabs) share a time but not a change id, so neither is taken for unchanged.
 */
const versionOf = (line: Pick<CartLine, 'updated_at' | 'last_op_id'>): string => `${line.updated_at}|${line.last_op_id ?? ''}`;

/**
 * What the shopper made of a line: its quantity and their last change. The price keeper's writes move
 * `updated_at` (cart-price-keeper.ts) but not this: a line repriced since the round read it has no
 * edit of the shopper's to keep, and takes the round's quantity (seed 1230000652: the login merge's
 * 3 + 1 saved bolts stayed 3 on the device when the replica repriced the line meanwhile) and its
 * removal.
 */
const editOf = (line: Pick<CartLine, 'qty' | 'last_op_id'>): string => `${line.qty}|${line.last_op_id ?? ''}`;

export function cartStore(db: ShopDatabase): CartStore {
  /** Line id → its version (`versionOf`) and the shopper's edit (`editOf`) as the running sync round read it. */
  let read = new Map<string, { version: string; edit: string }>();
  const unedited = (current: CartLine) => read.get(current.id)?.edit === editOf(current);
  return {
    lines: () => storedLines(db),
    readForSync: async () => {
      const lines = await storedLines(db);
      read = new Map(lines.map((line) => [line.id, { version: versionOf(line), edit: editOf(line) }]));
      return lines;
    },
    putLine: async (line) => {
      const seenAt = read.get(line.id)?.version;
      const keepLocalEdit = (current: CartLine): CartLine => {
        const kept: CartLine = { ...current };
        for (const key of SERVER_FIELDS) (kept as unknown as Record<string, unknown>)[key] = line[key] ?? null;
        for (const key of PRICE_STATE_FIELDS) if (line[key] !== undefined) (kept as unknown as Record<string, unknown>)[key] = line[key];
        // The price the shopper saw is the local line's; a price the server changed meanwhile is told.
        if (kept.price_incl_tax_pence !== current.price_incl_tax_pence) kept.price_seen_incl_tax_pence = current.price_seen_incl_tax_pence ?? current.price_incl_tax_pence;
        return kept;
      };
      const doc = await lineDocument(db, line.id);
      if (!doc || doc.deleted) {
        if (seenAt !== undefined) return; // removed since the sync read it: it stays removed
        // A new line from the server; if the shopper adds the same line meanwhile, their line wins.
        await insertOrModifyLine(db, line.id, () => line, keepLocalEdit);
        return;
      }
      await doc.incrementalModify((current) => {
        if (versionOf(current) === seenAt) return { ...line, ...takenBy(current) };
        const kept = keepLocalEdit(current);
        return unedited(current) ? { ...kept, qty: line.qty } : kept;
      });
    },
    hasLine: async (id) => (await storedLine(db, id)) !== null,
    removeLine: (id) => removeLine(db, id),
    removeIfUnchanged: async (id) => {
      const doc = await lineDocument(db, id);
      // On the stored revision: an edit landing at this moment wins over the removal.
      await doc?.incrementalModify((current) => (versionOf(current) === read.get(id)?.version || unedited(current) ? { ...current, _deleted: true } : current));
    },
    state: () => readLocal(db, LOCAL.cartState),
    updateState: (change) => modifyLocal(db, LOCAL.cartState, change),
  };
}
