import type { CartLine } from '../../../schemas/rx/cart.schema';
import type { ShopDatabase } from '../database-types';
import { isWriteConflict } from '../write-conflict';

/** The marks of the orders that took from a line, to keep when the line is written over. */
export const takenBy = (line: CartLine): Pick<CartLine, 'taken_by'> => (line.taken_by ? { taken_by: line.taken_by } : {});

/**
 * The marks a removed line (an order took it whole) keeps for the line written over it: a query does
 * not find removed documents, so they are read from the storage.
 */
async function removedLineMarks(db: ShopDatabase, id: string): Promise<Pick<CartLine, 'taken_by'>> {
  const [stored] = await db.cart.storageInstance.findDocumentsById([id], true);
  return stored?._deleted ? takenBy(stored) : {};
}

/**
 * Writes one cart line whether or not it exists yet. An insert can lose a race: the leader's sync
 * writes the server's copy of the same line, or another tab adds the same product, between our read
 * and our insert. Then the line exists and `modify` applies to what is stored, so neither write is lost.
 */
export async function insertOrModifyLine(db: ShopDatabase, id: string, create: () => CartLine, modify: (current: CartLine) => CartLine): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const doc = await db.cart.findOne(id).exec();
    if (doc) {
      // Removed after our read (another tab, the order's removal): the line starts again from `create`,
      // keeping the marks of the orders that took it (`takeOrderedLines`).
      await doc.incrementalModify((current) => (current._deleted ? { ...create(), ...takenBy(current), _deleted: false } : modify(current)));
      return;
    }
    try {
      await db.cart.insert({ ...create(), ...(await removedLineMarks(db, id)) });
      return;
    } catch (error) {
      // A document that keeps appearing and vanishing between tries is not a race worth chasing.
      if (!isWriteConflict(error) || attempt >= 3) throw error;
    }
  }
}

/** Removes a line even when a sync writes it at the same moment (the removal applies to the stored revision). */
export async function removeLine(db: ShopDatabase, id: string): Promise<void> {
  const doc = await db.cart.findOne(id).exec();
  await doc?.incrementalRemove();
}
