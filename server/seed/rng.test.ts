import { describe, expect, it } from 'vitest';
import { createRng, deriveSeed, mulberry32 } from './rng';

describe('rng', () => {
  it('repeats a sequence for the same seed and differs for another', () => {
    const a = mulberry32(1);
    const b = mulberry32(1);
    const c = mulberry32(2);
    const first = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(first);
    expect([c(), c(), c()]).not.toEqual(first);
  });

  it('derives independent streams per label', () => {
    expect(deriveSeed(1, 'TB-M10-100-Z')).toBe(deriveSeed(1, 'TB-M10-100-Z'));
    expect(deriveSeed(1, 'TB-M10-100-Z')).not.toBe(deriveSeed(1, 'TB-M10-120-Z'));
    expect(deriveSeed(1, 'x')).not.toBe(deriveSeed(2, 'x'));
  });

  it('keeps int() within its bounds', () => {
    const rng = createRng(9);
    for (let i = 0; i < 1000; i++) {
      const n = rng.int(3, 21);
      expect(n >= 3 && n <= 21 && Number.isInteger(n)).toBe(true);
    }
  });
});

describe('Rng', () => {
  it('draws the mulberry32 sequence', () => {
    const reference = mulberry32(77);
    const rng = createRng(77);
    for (let i = 0; i < 5; i++) expect(rng.next()).toBe(reference());
  });
});
