import { describe, expect, it } from 'vitest';
import { allowedEdits, closestTerms, editDistance } from './fuzzy';

function reference(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

describe('fuzzy matching', () => {
  it('allows no edit below 3 characters or with digits, 1 edit for 3-5 characters, 2 beyond', () => {
    expect(allowedEdits('of')).toBe(0);
    expect(allowedEdits('m10')).toBe(0);
    expect(allowedEdits('tek')).toBe(1);
    expect(allowedEdits('anchr')).toBe(1);
    expect(allowedEdits('silcone')).toBe(2);
  });

  it('counts a swap of neighbouring letters as one edit', () => {
    expect(editDistance('thruogh', 'through', 2)).toBe(1);
    expect(editDistance('anchr', 'anchor', 1)).toBe(1);
    expect(editDistance('silcone', 'silicone', 2)).toBe(1);
    expect(editDistance('bolt', 'bold', 1)).toBe(1);
  });

  it('gives up beyond the allowed edits, and agrees with a full table within them', () => {
    expect(editDistance('anchor', 'washer', 2)).toBe(3);
    const words = ['bolt', 'bolts', 'blot', 'boot', 'anchor', 'anchors', 'ancho', 'screw', 'scerw', 'screws', 'sealant', 'selant', 'a', ''];
    for (const a of words) {
      for (const b of words) {
        for (const max of [1, 2]) expect(editDistance(a, b, max), `${a}/${b}/${max}`).toBe(Math.min(reference(a, b), max + 1));
      }
    }
  });

  it('keeps the 3 closest candidates, nearer then more frequent first', () => {
    const df: Record<string, number> = { anchor: 50, anchors: 80, anchora: 10, ancher: 5, anvil: 100 };
    const found = closestTerms('anchr', Object.keys(df), (t) => df[t] ?? 0);
    expect(found).toEqual([
      { term: 'anchor', distance: 1 },
      { term: 'ancher', distance: 1 },
    ]);
    const many = closestTerms('boltz', ['bolt', 'bolts', 'boltx', 'bolty'], (t) => ({ bolt: 1, bolts: 9, boltx: 5, bolty: 3 })[t] ?? 0);
    expect(many.map((e) => e.term)).toEqual(['bolts', 'boltx', 'bolty']);
  });
});
