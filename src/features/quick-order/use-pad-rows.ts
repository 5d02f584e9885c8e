import { useCallback, useEffect, useRef, useState } from 'react';
import type { ShopDatabase } from '../../db/database-types';
import { watchPad, writePad, type PadDraft } from '../../db/quick-order/pad-store';
import { onPageHidden } from '../../ui/on-page-hidden';
import { withTrailingEmpty, type NewId, type PadRow } from './pad-rows';

const newId: NewId = () => crypto.randomUUID();

/** Keystrokes in a row are written to the device together, this long after the last one. */
const WRITE_AFTER_MS = 300;

/**
 * The pad's rows: edited here at typing speed, and replaced when someone else writes them (a reorder,
 * another tab). Keystrokes are written to the device shortly after they stop (and when the screen
 * closes or the page is hidden); any other change (lines pasted, scanned or added to the cart, a row
 * removed, the pad cleared) is written at once: a write started as the page unloads may never
 * finish, and a shopper who added all and went straight to the checkout found the added lines back
 * on the pad. Each screen writes under its own name, so its own writes coming back are not mistaken
 * for someone else's.
 */
export function usePadRows(db: ShopDatabase): { rows: PadRow[] | null; setRows: (next: (rows: PadRow[]) => PadRow[], typing?: 'typing') => void; newId: NewId; reordered: PadDraft['reordered'] } {
  const [rows, setState] = useState<PadRow[] | null>(null);
  // The last reorder heard, for the pad to confirm what it put there.
  const [reordered, setReordered] = useState<PadDraft['reordered']>();
  const current = useRef<PadRow[] | null>(null);
  const unsaved = useRef(false);
  const timer = useRef(0);
  const [writer] = useState(() => `pad-${crypto.randomUUID()}`);
  const save = useCallback(() => {
    window.clearTimeout(timer.current);
    if (!unsaved.current || !current.current) return;
    unsaved.current = false;
    void writePad(db, current.current, writer);
  }, [db, writer]);
  useEffect(() => {
    const subscription = watchPad(db).subscribe((draft) => {
      if (draft.writer === writer) return;
      current.current = withTrailingEmpty(draft.rows, newId);
      unsaved.current = false;
      setState(current.current);
      if (draft.reordered) setReordered(draft.reordered);
    });
    const stopWatchingPage = onPageHidden(save);
    return () => {
      subscription.unsubscribe();
      stopWatchingPage();
      save();
    };
  }, [db, writer, save]);
  const setRows = useCallback(
    (change: (rows: PadRow[]) => PadRow[], typing?: 'typing') => {
      const next = change(current.current ?? withTrailingEmpty([], newId));
      current.current = next;
      unsaved.current = true;
      setState(next);
      window.clearTimeout(timer.current);
      if (typing) timer.current = window.setTimeout(save, WRITE_AFTER_MS);
      else save();
    },
    [save],
  );
  return { rows, setRows, newId, reordered };
}
