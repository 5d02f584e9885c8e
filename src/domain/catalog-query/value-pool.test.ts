import { describe, expect, it } from 'vitest';
import type { Doc } from './types';
import { ValuePool } from './value-pool';

const specs = () => [{ label: 'Length', value: '80 mm' }, { label: 'Drive', value: 'PZ3' }];
const product = (id: number, fields: Doc = {}): Doc => ({ id, name: `Frame Fixing ${id}`, url_key: `frame-fixing-${id}`, url_path: `frame-fixing-${id}`, specifications: specs(), ...fields });

describe('ValuePool', () => {
  it('holds equal values once across documents and equal strings once within one', () => {
    const [a, b] = new ValuePool().internAll([product(1), product(2)]);
    expect(a!.specifications).toBe(b!.specifications);
    expect(a!.specifications).toEqual(specs());
    // Both paths are equal text; after interning they are one string (checked through a shared object).
    const [c, d] = new ValuePool().internAll([product(3, { gallery: [{ image: '/p/3.jpg' }] }), product(4, { gallery: [{ image: '/p/3.jpg' }] })]);
    expect(c!.gallery).toBe(d!.gallery);
  });

  it('gives back equal documents and never changes the given ones, frozen parts included', () => {
    const frozen = Object.freeze({ category_id: 20, name: 'Anchors' });
    const given = [product(1, { category: [frozen] }), product(2, { category: [frozen] })];
    const before = JSON.stringify(given);
    const interned = new ValuePool().internAll(given);
    expect(JSON.stringify(interned)).toBe(before);
    expect(JSON.stringify(given)).toBe(before);
    expect(interned[0]).not.toBe(given[0]);
  });

  it('keeps values that repeated for later batches, and not the one-off ones', () => {
    const pool = new ValuePool();
    const [first] = pool.internAll([product(1), product(2), product(3, { specifications: [{ label: 'Once' }] })]);
    const [later, once] = pool.internAll([product(4), product(5, { specifications: [{ label: 'Once' }] })]);
    expect(later!.specifications).toBe(first!.specifications);
    expect(once!.specifications).toEqual([{ label: 'Once' }]);
  });

  it('tells values apart by their JSON text: equal-looking values of other types stay apart', () => {
    const [a, b, c] = new ValuePool().internAll([product(1, { tier: [1, '1'] }), product(2, { tier: ['1', 1] }), product(3, { tier: [1, '1'] })]);
    expect(a!.tier).not.toBe(b!.tier);
    expect(a!.tier).toBe(c!.tier);
    expect(b!.tier).toEqual(['1', 1]);
  });
});
