import { describe, expect, it } from 'vitest';
import { parsePadLines } from './pad-lines';

const entries = (text: string) => parsePadLines(text).entries;

describe('parsePadLines', () => {
  it('reads SKU and quantity separated by a tab, comma, semicolon or spaces', () => {
    expect(entries('TB-M10-100\t5\nWS-4-40-YP,2\r\nAS-FS-WHT;12\nDB-PZ2-25-10   3\n')).toEqual([
      { code: 'TB-M10-100', qty: '5' },
      { code: 'WS-4-40-YP', qty: '2' },
      { code: 'AS-FS-WHT', qty: '12' },
      { code: 'DB-PZ2-25-10', qty: '3' },
    ]);
  });

  it('keeps a quantity as typed, so a fraction or a decimal comma can be refused rather than misread', () => {
    expect(entries('TB-M10-100;2,5\nTB-M10-100,2.5\nTB-M10-100 ten')).toEqual([
      { code: 'TB-M10-100', qty: '2,5' },
      { code: 'TB-M10-100', qty: '2.5' },
      { code: 'TB-M10-100', qty: 'ten' },
    ]);
  });

  it('takes a line with only a code, skips blank lines and a header line, and ignores further columns', () => {
    expect(entries('SKU,Qty,Description\n\n  5012345678900  \nTB-M10-100,4,Through bolts for the lintel\n')).toEqual([
      { code: '5012345678900', qty: '' },
      { code: 'TB-M10-100', qty: '4' },
    ]);
    // A first line that is a real order line stays.
    expect(entries('TB-M10-100,4')).toEqual([{ code: 'TB-M10-100', qty: '4' }]);
  });

  it('reads quoted CSV fields, a separator or a doubled quote inside them included', () => {
    expect(entries('"sku","qty"\n"TB-M10-100","5"\n"A,B",1\n"SAY ""HI""",2')).toEqual([
      { code: 'TB-M10-100', qty: '5' },
      { code: 'A,B', qty: '1' },
      { code: 'SAY "HI"', qty: '2' },
    ]);
    expect(entries('"TB-M10 100"   7')).toEqual([{ code: 'TB-M10 100', qty: '7' }]);
  });

  it('stops at the room left on the pad and counts what it left out', () => {
    const text = Array.from({ length: 12 }, (_, i) => `SKU-${i},1`).join('\n');
    const parsed = parsePadLines(text, 10);
    expect(parsed.entries).toHaveLength(10);
    expect(parsed.leftOut).toBe(2);
  });
});
