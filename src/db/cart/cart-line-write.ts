import { normalizeMangoQuery, prepareQuery, type MangoQuerySelector, type RxDocument } from 'rxdb';
import type { CartLine } from '../../../schemas/rx/cart.schema';
import type { ShopDatabase } from '../database-types';
import { isWriteConflict } from '../write-conflict';

/** The marks of the orders that took from a line, to keep when the line is written over. */
export const takenBy = (line: CartLine): Pick<CartLine, 'taken_by'> => (line.taken_by ? { taken_by: line.taken_by } : {});

/**
 * A line as this tab knows it or, when it knows none, as IndexedDB holds it, removed or not. A query
 * answers from the tab's cache, and another tab's write of the line (added again after a removal, put
 * back after an order, or added first) is not in it until that tab's change message arrives, which a
 * busy machine delays. A write on the document applies to the stored revision (a conflict runs it
 * again on the newer one), so no line write rests on a tab's stale copy.
 */
export async function lineDocument(db: ShopDatabase, id: string): Promise<RxDocument<CartLine> | null> {
  const known = await db.cart.findOne(id).exec();
  if (known) return known;
  const [stored] = await db.cart.storageInstance.findDocumentsById([id], true);
  return stored ? db.cart._docCache.getCachedRxDocument(stored) : null;
}

/**
 * A line as IndexedDB holds it now, not as this tab's cache last heard of it (null when removed). A
 * decision recorded before the line's write (an order's 'take' of what the line holds) must rest on
 * this: read from the cache, it missed another tab's add a moment before.
 */
export async function storedLine(db: ShopDatabase, id: string): Promise<CartLine | null> {
  const [stored] = await db.cart.storageInstance.findDocumentsById([id], false);
  return stored ? plainLine(stored) : null;
}

/**
 * The cart's lines as IndexedDB holds them now, oldest first. A cart sync reads these, not the tab's
 * cache: it compares them with the changes journal, which is read from storage too, and a leading tab
 * that had not heard yet of another tab's removal sent the removal from the journal, then pushed the
 * line back as one the server lacked (seed 7007: removed washers came back after a login merge).
 */
export async function storedLines(db: ShopDatabase): Promise<CartLine[]> {
  const schema = db.cart.schema.jsonSchema;
  const query = normalizeMangoQuery(schema, { selector: { _deleted: { $eq: false } } as MangoQuerySelector<CartLine>, sort: [{ added_at: 'asc' }] });
  const result = await db.cart.storageInstance.query(prepareQuery(schema, query));
  return result.documents.map(plainLine);
}

function plainLine(stored: CartLine & { _deleted?: unknown; _rev?: unknown; _meta?: unknown; _attachments?: unknown }): CartLine {
  const { _deleted, _rev, _meta, _attachments, ...line } = stored;
  return line;
}

/**
 * Writes one cart line whether or not it exists yet. An insert can lose a race: the leader's sync
 * writes the server's copy of the same line, or another tab adds the same product, between our read
 * and our insert. Then the line exists and `modify` applies to what is stored, so neither write is lost.
 * A line this tab does not see is looked for in the storage first (`lineDocument`). `marksOf`: the
 * order marks a removed line keeps when it starts again (all of them unless told otherwise).
 */
export async function insertOrModifyLine(db: ShopDatabase, id: string, create: () => CartLine, modify: (current: CartLine) => CartLine, marksOf: (removed: CartLine) => Pick<CartLine, 'taken_by'> = takenBy): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const doc = await lineDocument(db, id);
    if (doc) {
      // Removed (an order took it, another tab removed it): the line starts again from `create`,
      // keeping the marks of the orders that took it (`takeOrderedLines`), or those `marksOf` keeps.
      await doc.incrementalModify((current) => (current._deleted ? { ...create(), ...marksOf(current), _deleted: false } : modify(current)));
      return;
    }
    try {
      await db.cart.insert(create());
      return;
    } catch (error) {
      // Inserted between the storage read and the insert: the next try finds it in the storage.
      if (!isWriteConflict(error) || attempt >= 3) throw error;
    }
  }
}

/** Removes a line even when a sync writes it at the same moment (the removal applies to the stored revision). */
export async function removeLine(db: ShopDatabase, id: string): Promise<void> {
  const doc = await lineDocument(db, id);
  if (doc && !doc.deleted) await doc.incrementalRemove();
}
