import { describe, expect, it } from 'vitest';
import { meetsTarget, ratio, type Figure } from './figure';

const figure = (value: number | null, target?: Figure['target']): Figure => ({ item: '4', name: 'p95', value, unit: 'ms', ...(target ? { target } : {}), baseline: { name: 'health', value: 4 } });

describe('figure verdicts', () => {
  it('a max target is met at or under it, a min target at or over it', () => {
    expect(meetsTarget(figure(10, { kind: 'max', value: 10 }))).toBe(true);
    expect(meetsTarget(figure(10.5, { kind: 'max', value: 10 }))).toBe(false);
    expect(meetsTarget(figure(1999, { kind: 'min', value: 2000 }))).toBe(false);
    expect(meetsTarget(figure(null, { kind: 'min', value: 2000 }))).toBeUndefined();
  });
  it('the ratio is value over the same-run baseline', () => {
    expect(ratio(figure(10))).toBe(2.5);
    expect(ratio(figure(null))).toBeUndefined();
  });
});
