import { describe, expect, it } from 'vitest';
import { median, percentile } from './stats';

describe('percentile (nearest rank)', () => {
  const hundred = Array.from({ length: 100 }, (_, i) => 100 - i); // 100..1, unsorted on purpose
  it('p95 of 1..100 is 95 and p99 is 99', () => {
    expect(percentile(hundred, 95)).toBe(95);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile(hundred, 100)).toBe(100);
  });
  it('median of an odd count is the middle value', () => {
    expect(median([9, 1, 5])).toBe(5);
  });
  it('is NaN without samples', () => {
    expect(percentile([], 50)).toBeNaN();
  });
});
