/**
 * Splits `total` pence over `weights` in proportion, in whole pence that add up exactly to `total`
 * (largest remainder, ties to the earlier line), so a fixed discount never loses or gains a penny.
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || total <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const shares = exact.map((x) => Math.floor(x));
  let left = total - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, rest: x - Math.floor(x) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i] = (shares[i] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

/** `percent` % of an amount in pence, rounded to the nearest penny (half up, as the pricing rules do). */
export function percentOf(pence: number, percent: number): number {
  return Math.round((pence * percent) / 100);
}
