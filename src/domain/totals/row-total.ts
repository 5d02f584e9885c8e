import { addPercent } from '../pricing/money';

/** A line's total in whole pence, excluding and including VAT. */
export interface RowTotal {
  exclPence: number;
  inclPence: number;
}

/**
 * The one rounding rule for a line total, used by the quick order pad, the minicart, checkout and the
 * server's stored order alike: the row is unit × quantity excluding VAT, and VAT is added to the row
 * once, rounded to the nearest penny. Multiplying a rounded incl.-VAT unit price instead (12 × £4.67
 * = £56.04 where the row is £56.02) drifts by up to half a penny per unit, so no screen does that.
 */
export function rowTotal(unitPence: number, qty: number, taxPercent: number): RowTotal {
  const exclPence = unitPence * qty;
  return { exclPence, inclPence: addPercent(exclPence, taxPercent) };
}
