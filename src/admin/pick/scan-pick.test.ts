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

  it('refuses every scan once the order is no longer open, in the server\'s words', () => {
    expect(scanOne(lines, () => 0, '5012345678900', 'processing')).toMatchObject({ ok: true });
    for (const status of ['shipped', 'delivered', 'cancelled'] as const) {
      expect(scanOne(lines, () => 0, '5012345678900', status)).toEqual({ ok: false, message: SCAN_MESSAGES.notOpen(status) });
    }
  });

  it('counts a SKU listed on two lines as their units together, as the server does', () => {
    const twice = [...lines, { sku: 'ANCH-10', name: 'Anchor 10 mm', qty_ordered: 1, ean: '5012345678900' }];
    expect(scanOne(twice, () => 2, '5012345678900')).toEqual({ ok: true, sku: 'ANCH-10', picked: 3, of: 3 });
    expect(scanOne(twice, () => 3, 'anch-10')).toEqual({ ok: false, message: SCAN_MESSAGES.tooMany('Anchor 10 mm', 3) });
  });
});
