import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addPercent, fromPence, readAmount, toPence } from './money';

describe('money', () => {
  it('turns decimal pounds into whole pence without float drift', () => {
    expect(toPence(12.49)).toBe(1249);
    expect(toPence(1.005)).toBe(101);
    expect(toPence(0.1 + 0.2)).toBe(30);
    expect(toPence(-2.5)).toBe(-250);
    expect(fromPence(1249)).toBe(12.49);
  });

  it('round-trips every two-decimal amount', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000 }), (pence) => toPence(fromPence(pence)) === pence));
  });

  it('reads numbers and numeric strings, and nothing else', () => {
    expect(readAmount(3.5)).toBe(3.5);
    expect(readAmount('3.50')).toBe(3.5);
    expect(readAmount('')).toBeUndefined();
    expect(readAmount(null)).toBeUndefined();
    expect(readAmount(Number.NaN)).toBeUndefined();
    expect(readAmount('abc')).toBeUndefined();
  });

  it('adds VAT to the nearest penny', () => {
    expect(addPercent(1249, 20)).toBe(1499); // 12.49 + 2.498 → 14.99
    expect(addPercent(1000, 0)).toBe(1000);
    expect(addPercent(333, 17.5)).toBe(391); // 58.275 → 58
  });

  it('refuses a non-finite amount', () => {
    expect(() => toPence(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});
