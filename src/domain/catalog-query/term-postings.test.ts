import { describe, expect, it } from 'vitest';
import { DocumentStore } from './document-store';
import { TermPostings } from './term-postings';

/** What `countingCost` stands for: a bitset's words for each dense term, the listed slots of each sparse one. */
function costByPass(postings: TermPostings, words: number): number {
  const inner = postings as unknown as { dense: unknown[]; counts: number[] };
  let cost = 0;
  for (let id = 0; id < postings.values.length; id++) cost += inner.dense[id] ? words : inner.counts[id]!;
  return cost;
}

describe('TermPostings.countingCost', () => {
  it('stays what a pass over every term would count through adds, changes, removals and terms turning dense', () => {
    const store = new DocumentStore();
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (let i = 0; i < 3000; i++) store.put({ id: i, colour: `c${Math.floor(random() * random() * 40)}` });
    const postings = new TermPostings('colour', store);
    const words = 94;
    expect(postings.countingCost(words)).toBe(costByPass(postings, words));
    let dense = 0;
    for (let step = 0; step < 4000; step++) {
      const slot = Math.floor(random() * 3000);
      const roll = random();
      // Mostly one popular value, so rare terms cross the dense threshold while others shrink.
      const doc = roll < 0.1 ? undefined : { id: slot, colour: roll < 0.6 ? 'c1' : roll < 0.8 ? [`c${Math.floor(random() * 60)}`, 'c2'] : `c${Math.floor(random() * 60)}` };
      postings.update(slot, doc);
      expect(postings.countingCost(words)).toBe(costByPass(postings, words));
      dense = (postings as unknown as { dense: unknown[] }).dense.filter(Boolean).length;
    }
    expect(dense).toBeGreaterThan(1);
  });
});
