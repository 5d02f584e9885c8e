import type { Observable } from 'rxjs';
import type { ShopDatabase } from '../database-types';
import { modifyLocal, watchLocal, writeLocal, type LocalKey } from '../local-state';

/** One row of the quick order pad as stored: what was typed, and the message its last add left. */
export interface StoredPadRow {
  id: string;
  code: string;
  qty: string;
  note?: { type: 'warning' | 'error'; message: string } | undefined;
}

/**
 * The pad, kept on the device (a local document, like the checkout details): it survives a reload
 * on site with no signal and is the same in every tab. `writer` names who wrote it last, so a
 * screen can tell its own writes from a reorder or another tab.
 */
export interface PadDraft {
  rows: StoredPadRow[];
  writer: string | null;
  /** Set by a reorder, for the pad to say what it put there: the order and its lines' ids. Any other write drops it. */
  reordered?: { order: string; rowIds: string[] } | undefined;
}

const PAD: LocalKey<PadDraft> = { id: 'quick-order-pad', fallback: { rows: [], writer: null } };

export const watchPad = (db: ShopDatabase): Observable<PadDraft> => watchLocal(db, PAD);

export async function writePad(db: ShopDatabase, rows: StoredPadRow[], writer: string): Promise<void> {
  await modifyLocal(db, PAD, () => ({ rows, writer }));
}

/**
 * Puts an order's lines at the top of the pad, above the rows already there (refused rows of an
 * earlier "Add all" among them), so the shopper sees first what the reorder brought; empty rows are
 * dropped, the pad adds its own. `order` names the order for the pad's confirmation.
 */
export async function putReorderOnPad(db: ShopDatabase, lines: readonly { code: string; qty: string }[], order: string): Promise<void> {
  const added = lines.map((line) => ({ id: crypto.randomUUID(), code: line.code, qty: line.qty }));
  await modifyLocal(db, PAD, (draft) => ({
    rows: [...added, ...draft.rows.filter((r) => r.code.trim() !== '' || r.qty.trim() !== '')],
    writer: 'reorder',
    reordered: { order, rowIds: added.map((row) => row.id) },
  }));
}

/** Logout empties the pad like the cart: a reordered customer's lines must not stay for the next person on a shared device. */
export async function clearPad(db: ShopDatabase): Promise<void> {
  await writeLocal(db, PAD, { rows: [], writer: 'logout' });
}
