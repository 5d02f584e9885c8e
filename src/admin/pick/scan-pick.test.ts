import { describe, expect, it } from 'vitest';
import { scanOne, SCAN_MESSAGES } from './scan-pick';

const lines = [
  { sku: 'ANCH-10', name: 'Anchor 10 mm', qty_ordered: 2, ean: '5012345678900' },
  { sku: 'SCR-4x40', name: 'Screw 4x40', qty_ordered: 1, ean: null },
];

describe('scan to pick', () => {
  it('ticks one unit of the line whose EAN or SKU was scanned', () => {
    expect(scanOne(lines, () => 0, '5012345678900\n')).toEqual({ ok: true, sku: 'ANCH-10', picked: 1, of: 2 });
    expect(scanOne(lines, () => 0, 'scr-4x40')).toEqual({ ok: true, sku: 'SCR-4x40', picked: 1, of: 1 });
  });

  it('refuses an item not on the order and one more than was ordered', () => {
    expect(scanOne(lines, () => 0, '4006381333931')).toEqual({ ok: false, message: SCAN_MESSAGES.wrongItem('4006381333931') });
    expect(scanOne(lines, (sku) => (sku === 'ANCH-10' ? 2 : 0), '5012345678900')).toEqual({ ok: false, message: SCAN_MESSAGES.tooMany('Anchor 10 mm', 2) });
  });
});
