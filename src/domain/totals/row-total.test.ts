import { describe, expect, it } from 'vitest';
import { addPercent } from '../pricing/money';
import { rowTotal } from './row-total';

describe('rowTotal: one rounding rule for line totals', () => {
  it('adds VAT to the row once, not to the unit before multiplying', () => {
    // £3.89 excl. VAT is £4.67 incl.; twelve of them are £56.02 incl., not 12 × £4.67 = £56.04.
    expect(addPercent(389, 20)).toBe(467);
    expect(rowTotal(389, 12, 20)).toEqual({ exclPence: 4668, inclPence: 5602 });
    // £14.49 excl. is £17.39 incl.; three are £52.16, not 3 × £17.39 = £52.17.
    expect(rowTotal(1449, 3, 20)).toEqual({ exclPence: 4347, inclPence: 5216 });
  });

  it('is the unit price for one unit, and adds nothing at a zero rate', () => {
    expect(rowTotal(389, 1, 20).inclPence).toBe(addPercent(389, 20));
    expect(rowTotal(1449, 7, 0)).toEqual({ exclPence: 10143, inclPence: 10143 });
  });
});
