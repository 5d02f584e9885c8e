/**
 * Money travels as decimal pounds (12.49) in documents and replies, but sums and comparisons run on
 * whole pence so that 0.1 + 0.2 never becomes 0.30000000000000004 in a total.
 */

/** Decimal pounds to whole pence, rounding half away from zero; `toPrecision` absorbs float noise (1.005 → 101). */
export function toPence(amount: number): number {
  if (!Number.isFinite(amount)) throw new RangeError(`not a money amount: ${amount}`);
  const pence = Number((amount * 100).toPrecision(12));
  return Math.sign(pence) * Math.round(Math.abs(pence));
}

/** Whole pence back to decimal pounds with at most two decimals. */
export function fromPence(pence: number): number {
  return Math.round(pence) / 100;
}

/** Reads a price field that may be missing, null, a number or a numeric string; anything else is absent. */
export function readAmount(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : undefined;
  }
  return undefined;
}

/** Adds a percentage (tax) to an amount in pence, rounding the added part to the nearest penny. */
export function addPercent(pence: number, percent: number): number {
  return pence + Math.round((pence * percent) / 100);
}
