import { describe, expect, it } from 'vitest';
import { addEntries, fillNextRow, removeRows, reorderEntries, updateRow, withTrailingEmpty, type PadRow } from './pad-rows';

function ids() {
  let n = 0;
  return () => `r${++n}`;
}
const codes = (rows: PadRow[]) => rows.map((r) => r.code);

describe('pad rows', () => {
  it('always ends with one empty row to type into', () => {
    const newId = ids();
    expect(withTrailingEmpty([], newId)).toEqual([{ id: 'r1', code: '', qty: '' }]);
    const rows = [{ id: 'a', code: 'X', qty: '1' }, { id: 'b', code: '', qty: '' }, { id: 'c', code: '', qty: '' }];
    expect(withTrailingEmpty(rows, newId).map((r) => r.id)).toEqual(['a', 'b']);
  });

  it('adds pasted lines after the filled rows', () => {
    const newId = ids();
    const rows = addEntries([{ id: 'a', code: 'X', qty: '1' }, { id: 'b', code: '', qty: '' }], [{ code: 'Y', qty: '2' }, { code: 'Z', qty: '' }], newId);
    expect(codes(rows)).toEqual(['X', 'Y', 'Z', '']);
  });

  it('fills the next row without a code with a scanned code, keeping its quantity', () => {
    const newId = ids();
    const start = [{ id: 'a', code: 'X', qty: '1' }, { id: 'b', code: '', qty: '4' }];
    const first = fillNextRow(start, '5012345678900', newId);
    expect(first.id).toBe('b');
    expect(first.rows).toEqual([{ id: 'a', code: 'X', qty: '1' }, { id: 'b', code: '5012345678900', qty: '4', note: undefined }, { id: 'r1', code: '', qty: '' }]);
    const second = fillNextRow(first.rows, 'Y', newId);
    expect(second.id).toBe('r1');
    expect(codes(second.rows)).toEqual(['X', '5012345678900', 'Y', '']);
  });

  it('forgets a row’s add message when it is edited, and removes rows by id', () => {
    const newId = ids();
    const rows: PadRow[] = [{ id: 'a', code: 'X', qty: '9', note: { type: 'error', message: 'Only 3 products of this type are available.' } }];
    expect(updateRow(rows, 'a', { qty: '3' }, newId)[0]).toEqual({ id: 'a', code: 'X', qty: '3', note: undefined });
    expect(codes(removeRows([...rows, { id: 'b', code: 'Y', qty: '' }], new Set(['a']), newId))).toEqual(['Y', '']);
  });

  it('turns the lines of an order into pad entries', () => {
    expect(reorderEntries([{ sku: 'TB-M8', qty: 2 }, { sku: '', qty: 1 }, { qty: 3 }, { sku: 'WS-4-40' }])).toEqual([{ code: 'TB-M8', qty: '2' }, { code: 'WS-4-40', qty: '' }]);
  });
});
