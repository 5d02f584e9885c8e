import { orderedLineKey, type OrderedProduct } from '../../../replication/cart/item-match';
import { MAX_TAKEN_BY, type CartLine } from '../../../schemas/rx/cart.schema';
import { takeIdOf, withCartOp, withLinesOrdered, withoutOpsFor, withTakeOnce } from '../../../replication/cart/cart-ops-journal';
import { withLineReplacedDuringMerge } from '../../../replication/cart/merge-removals';
import { withMergeAddsWithdrawn } from '../../../replication/cart/merge-adds';
import { insertOrModifyLine, lineDocument, storedLine, takenBy } from './cart-line-write';
import type { ShopDatabase } from '../database-types';
import { LOCAL, modifyLocal } from '../local-state';

export type { OrderedProduct };

export interface TakenLines {
  /** What the order took, to put back if the server refuses it. */
  taken: CartLine[];
  /** Keys of the lines whose taking was journaled as a 'take' for the device's cart (not pinned to the order's). */
  journaled: ReadonlySet<string>;
}

/**
 * After an order is stored, only the ordered lines leave the cart (DESIGN "Faults and exactly-once"):
 * a line goes when it holds no more than was ordered, and keeps what was added to it while the order
 * was in flight (another tab); lines not in the order stay. Each line is decided on its stored
 * revision, like the other line writes, so an add or a sync write at the same moment is not lost.
 * Returns what was taken, to put back if the server refuses the order.
 *
 * `placement` (the stored order's id and time) marks each line in the same write that takes from it,
 * and a line so marked is not taken from again: the tab that finishes the taking of an order whose
 * page died takes only what that page had not, and a line that held more than the order (another
 * tab added to it) loses the ordered quantity once.
 *
 * Returns what was taken, and the keys of the lines whose taking went into the changes journal as a
 * 'take' for the cart the device uses (the order names another cart, or none): the server gives up
 * what the device held of them when that change arrives.
 */
export async function takeOrderedLines(db: ShopDatabase, products: readonly OrderedProduct[], orderCartId?: unknown, placement?: string): Promise<TakenLines> {
  const tookBefore = (line: CartLine) => placement !== undefined && (line.taken_by ?? []).includes(placement);
  const marked = (line: CartLine): Pick<CartLine, 'taken_by'> => (placement === undefined ? {} : { taken_by: [...(line.taken_by ?? []), placement].slice(-MAX_TAKEN_BY) });
  const ordered = new Map<string, number>();
  for (const product of products) ordered.set(orderedLineKey(product), (ordered.get(orderedLineKey(product)) ?? 0) + product.qty);
  // The lines the order takes whole: their changes are settled first, as every cart change is
  // recorded before the line is written, so a sync that no longer finds a line knows why. Decided
  // on the stored line: this tab's cache may lack another tab's add of a moment ago.
  const whole: CartLine[] = [];
  // Lines holding more than the order (another tab added to them after this one showed the cart): the
  // order takes part of each, with the quantity it takes.
  const part: CartLine[] = [];
  for (const [id, qty] of ordered) {
    const line = await storedLine(db, id);
    if (!line || tookBefore(line)) continue;
    if (line.qty <= qty) whole.push(line);
    else part.push({ ...line, qty });
  }
  const journaled = new Set<string>();
  /** Line id → the id of the 'take' journaled for the part the order takes of it. */
  const partTakes = new Map<string, string>();
  if (whole.length > 0 || part.length > 0) {
    // The same ids in whichever page takes for this placement (`withTakeOnce`).
    const takeIds = new Map(placement === undefined ? [] : [...whole, ...part].map((line) => [line.id, takeIdOf(placement, line.id)] as const));
    await modifyLocal(db, LOCAL.cartState, (s) => {
      const pinned = s.token !== null && s.token === orderCartId;
      journaled.clear();
      partTakes.clear();
      if (pinned) return whole.length > 0 ? withMergeAddsWithdrawn(withLinesOrdered(s, whole, s.token), whole) : s;
      for (const line of whole) journaled.add(line.id);
      // An order that does not take from the device's cart leaves the whole line there, with every
      // change made to it: the part ordered goes by a 'take' too. Without it the server cart kept the
      // part, and the device then followed it back (seed 7004: two anchors ordered from a tab that
      // had not heard of the other tab's two stayed in the cart).
      return part.reduce((next, line) => {
        const opId = takeIds.get(line.id) ?? crypto.randomUUID();
        partTakes.set(line.id, opId);
        journaled.add(line.id);
        return withTakeOnce(next, line, line.qty, opId);
      }, withLinesOrdered(s, whole, null, takeIds));
    });
  }
  const taken: CartLine[] = [];
  for (const [id, qty] of ordered) {
    // As stored: another tab may have put the line back (a refused order) or added it since this tab heard.
    const doc = await lineDocument(db, id);
    if (!doc || doc.deleted) continue;
    let took: CartLine | null = null;
    await doc.incrementalModify((current) => {
      // Taken already: gone, or marked by this placement (a page that died before recording it, or
      // another tab finishing the same order at the same moment).
      if (current._deleted || tookBefore(current)) return current;
      // A smaller quantity is an edit made after the order was built; the line was still ordered.
      if (current.qty <= qty) {
        took = { ...current };
        return { ...current, ...marked(current), _deleted: true };
      }
      // A local edit: a sync that read the line before keeps this quantity (see cart-store).
      took = { ...current, qty };
      // The line holds the take journaled for it: a login merge reading it sends that change with it.
      const take = partTakes.get(id);
      return { ...current, ...marked(current), qty: current.qty - qty, updated_at: Date.now(), ...(take ? { last_op_id: take } : {}) };
    });
    if (took) taken.push(took);
  }
  await journalWhatElseWasTaken(db, whole, taken, journaled);
  return { taken, journaled };
}

/**
 * A line journaled as taken whole may hold more by the time it is written (another tab added to it
 * in between): the write takes it all, so the server gives up the rest too, by a 'take' of its own.
 * Journaled short, the server cart kept the other tab's bolt, and the device then took it back from
 * there (seed 1140000078).
 */
async function journalWhatElseWasTaken(db: ShopDatabase, whole: readonly CartLine[], taken: readonly CartLine[], journaled: ReadonlySet<string>): Promise<void> {
  const more = whole.flatMap((line) => {
    const took = taken.find((t) => t.id === line.id);
    return journaled.has(line.id) && took && took.qty > line.qty ? [{ line, qty: took.qty - line.qty }] : [];
  });
  if (more.length > 0) await modifyLocal(db, LOCAL.cartState, (s) => more.reduce((next, { line, qty }) => withCartOp(next, 'take', line, qty), s));
}

/**
 * The server refused the order: what it took goes back into the cart, added to whatever is there now.
 * A line whose taking was journaled as a 'take' (the order named no cart, `TakenLines.journaled`)
 * keeps its changes, and an 'add' gives the server back what the take takes: dropped with them, the
 * order placed again took from the server cart what had never reached it (seed 1140000275: the
 * phone's bolt went with the laptop's repriced order). The changes sent for the other lines were
 * dropped with the order (it named the cart they were for), so such a line is sent whole again, as
 * the device holds it (no server cart confirmed it: see `followServerCart`).
 *
 * A line the pending login merge had merged into its cart already holds the customer's saved
 * quantity, and the merge may have sent it there. Without its cart id the merge would take it for a
 * line not merged yet and add the server's quantity to it once more; were it ordered again, by an
 * order that then does not name that cart, the merge would bring the server's copy back. So it
 * counts as removed during the merge and added again (`withLineReplacedDuringMerge`): the merge sends it
 * as it is, or deletes it there when it is gone.
 *
 * `placement` (the refused order's, see `takeOrderedLines`) comes off each line in the same write that
 * puts its quantity back: a repriced order waits until it is dropped, and until then a cart sync counts
 * its quantity as the order's in the server cart wherever a line bears its mark or is gone. A line back
 * and still marked would be sent with the order's quantity on top, which the order placed next then
 * left in the server cart (seed 1000001038: the ordered nuts came back).
 */
export async function putBackOrderedLines(db: ShopDatabase, { taken, journaled }: TakenLines, placement?: string): Promise<void> {
  const now = Date.now();
  const unmarked = (line: CartLine): Pick<CartLine, 'taken_by'> => (placement === undefined || !line.taken_by ? takenBy(line) : { taken_by: line.taken_by.filter((mark) => mark !== placement) });
  const unconfirmed = { server_cart_id: null, server_item_id: null, item_id: null, updated_at: now };
  const givenBack = new Map(taken.filter((line) => journaled.has(line.id)).map((line) => [line.id, crypto.randomUUID()]));
  await modifyLocal(db, LOCAL.cartState, (s) => {
    const merged = taken.filter((line) => s.token !== null && line.server_cart_id === s.token);
    const resent = new Set(taken.filter((line) => !givenBack.has(line.id)).map((line) => line.id));
    const back = taken.reduce((state, line) => (givenBack.has(line.id) ? withCartOp(state, 'add', line, line.qty, undefined, givenBack.get(line.id)) : state), withoutOpsFor(s, resent));
    return merged.reduce((state, line) => withLineReplacedDuringMerge(state, line.id), back);
  });
  for (const line of taken) {
    const { _deleted, _rev, _meta, _attachments, ...plain } = line as CartLine & Record<string, unknown>;
    // A line whose take is undone by an add keeps its place in the server cart; the others go whole.
    const opId = givenBack.get(line.id);
    const how = opId ? { last_op_id: opId, updated_at: now } : unconfirmed;
    await insertOrModifyLine(db, line.id, () => ({ ...(plain as CartLine), ...how }), (current) => ({ ...current, ...unmarked(current), qty: current.qty + line.qty, ...how }), unmarked);
  }
}
