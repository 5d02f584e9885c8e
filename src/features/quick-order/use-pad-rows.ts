import { useCallback, useEffect, useRef, useState } from 'react';
import type { ShopDatabase } from '../../db/database-types';
import { watchPad, writePad } from '../../db/quick-order/pad-store';
import { withTrailingEmpty, type NewId, type PadRow } from './pad-rows';

const newId: NewId = () => crypto.randomUUID();

/**
 * The pad's rows: edited here at typing speed, written to the device as they change, and replaced
 * when someone else writes them (a reorder, another tab). Each screen writes under its own name, so
 * its own writes coming back are not mistaken for someone else's.
 */
export function usePadRows(db: ShopDatabase): { rows: PadRow[] | null; setRows: (next: (rows: PadRow[]) => PadRow[]) => void; newId: NewId } {
  const [rows, setState] = useState<PadRow[] | null>(null);
  const current = useRef<PadRow[] | null>(null);
  const [writer] = useState(() => `pad-${crypto.randomUUID()}`);
  useEffect(() => {
    const subscription = watchPad(db).subscribe((draft) => {
      if (draft.writer === writer) return;
      current.current = withTrailingEmpty(draft.rows, newId);
      setState(current.current);
    });
    return () => subscription.unsubscribe();
  }, [db, writer]);
  const setRows = useCallback(
    (change: (rows: PadRow[]) => PadRow[]) => {
      const next = change(current.current ?? withTrailingEmpty([], newId));
      current.current = next;
      setState(next);
      void writePad(db, next, writer);
    },
    [db, writer],
  );
  return { rows, setRows, newId };
}
