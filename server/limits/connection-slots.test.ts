import { describe, expect, it } from 'vitest';
import { ConnectionSlots } from './connection-slots';

describe('ConnectionSlots', () => {
  it('caps the connections of one address, and frees a slot once released', () => {
    const slots = new ConnectionSlots(2, 10);
    const first = slots.take('a');
    expect(slots.take('a')).toBeDefined();
    expect(slots.take('a')).toBeUndefined();
    expect(slots.take('b'), 'another address has its own slots').toBeDefined();
    first!();
    first!();
    expect(slots.open).toBe(2);
    expect(slots.take('a')).toBeDefined();
    expect(slots.take('a')).toBeUndefined();
  });

  it('caps the connections of every address together', () => {
    const slots = new ConnectionSlots(5, 3);
    const releases = ['a', 'b', 'c'].map((address) => slots.take(address));
    expect(slots.take('d')).toBeUndefined();
    releases[1]!();
    expect(slots.take('d')).toBeDefined();
  });
});
