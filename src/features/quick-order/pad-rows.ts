import type { StoredPadRow } from '../../db/quick-order/pad-store';
import type { PadEntry } from './pad-lines';

/** A row of the pad as kept on the device; its `note` is what "Add all to cart" said when it could not add it. */
export type PadRow = StoredPadRow;

export type NewId = () => string;

const isEmpty = (row: PadRow) => row.code.trim() === '' && row.qty.trim() === '';

/** The rows with exactly one empty row at the end, to type the next code into. */
export function withTrailingEmpty(rows: readonly PadRow[], newId: NewId): PadRow[] {
  let end = rows.length;
  while (end > 0 && isEmpty(rows[end - 1]!)) end--;
  const kept = rows.slice(0, end);
  return [...kept, rows[end] ?? { id: newId(), code: '', qty: '' }];
}

/** Pasted, uploaded or reordered lines go after the rows already filled in. */
export function addEntries(rows: readonly PadRow[], entries: readonly PadEntry[], newId: NewId): PadRow[] {
  const filled = rows.filter((row) => !isEmpty(row));
  return withTrailingEmpty([...filled, ...entries.map((e) => ({ id: newId(), code: e.code, qty: e.qty }))], newId);
}

/** A scanned code fills the first row without a code (keeping a quantity typed there); returns that row's id. */
export function fillNextRow(rows: readonly PadRow[], code: string, newId: NewId): { rows: PadRow[]; id: string } {
  const at = rows.findIndex((row) => row.code.trim() === '');
  if (at < 0) {
    const row = { id: newId(), code, qty: '' };
    return { rows: withTrailingEmpty([...rows, row], newId), id: row.id };
  }
  const id = rows[at]!.id;
  const next = rows.map((row, i) => (i === at ? { ...row, code, note: undefined } : row));
  return { rows: withTrailingEmpty(next, newId), id };
}

/** An edit forgets the row's last add message: the row is checked again as it now reads. */
export function updateRow(rows: readonly PadRow[], id: string, patch: Partial<PadEntry>, newId: NewId): PadRow[] {
  return withTrailingEmpty(rows.map((row) => (row.id === id ? { ...row, ...patch, note: undefined } : row)), newId);
}

export function removeRows(rows: readonly PadRow[], ids: ReadonlySet<string>, newId: NewId): PadRow[] {
  return withTrailingEmpty(rows.filter((row) => !ids.has(row.id)), newId);
}

/** The lines of an earlier order as pad entries: its SKUs (a variant's own) and quantities. */
export function reorderEntries(items: readonly { sku?: unknown; qty?: unknown }[]): PadEntry[] {
  return items.flatMap((item) => (typeof item.sku === 'string' && item.sku !== '' ? [{ code: item.sku, qty: typeof item.qty === 'number' ? String(item.qty) : '' }] : []));
}
