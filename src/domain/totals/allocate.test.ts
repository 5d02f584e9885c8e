import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate, percentOf } from './allocate';

describe('allocate', () => {
  it('splits exactly, largest remainder first', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(500, [1000, 3000])).toEqual([125, 375]);
    expect(allocate(0, [5, 5])).toEqual([0, 0]);
  });

  it('always sums to the total and stays within a penny of the exact share', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 8 }), (total, weights) => {
        const shares = allocate(total, weights);
        const sum = weights.reduce((a, b) => a + b, 0);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(sum > 0 ? total : 0);
        shares.forEach((s, i) => expect(Math.abs(s - (sum > 0 ? (total * weights[i]!) / sum : 0))).toBeLessThan(1));
      }),
    );
  });
});

describe('percentOf', () => {
  it('rounds to the nearest penny', () => {
    expect(percentOf(1249, 20)).toBe(250); // 249.8
    expect(percentOf(1225, 20)).toBe(245);
    expect(percentOf(1250, 10)).toBe(125);
  });
});
