/** Order statistics for benchmark samples: every figure is a median of repeats or a percentile of latencies. */

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  // Nearest-rank: the smallest value with at least p % of the samples at or below it.
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export const median = (values: readonly number[]): number => percentile(values, 50);

export const round = (value: number, digits = 2): number => (Number.isFinite(value) ? Number(value.toFixed(digits)) : value);

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
