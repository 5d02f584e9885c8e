import type fc from 'fast-check';

/**
 * One seed per test file, printed up front and in every failure, so a failing input replays:
 *   FUZZ_SEED=<seed> FUZZ_PATH=<path> npx vitest run --project reliability <file> -t '<endpoint>'
 * (the path picks the failing run; without it the whole sequence of that seed runs again).
 * FUZZ_RUNS sets the inputs per endpoint: 30 in CI (the default), 300 or more for the full run.
 */
export const FUZZ_RUNS = positiveInt(process.env.FUZZ_RUNS, 30);
export const FUZZ_SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : (Date.now() ^ (Math.random() * 0x7fffffff)) | 0;
const FUZZ_PATH = process.env.FUZZ_PATH || undefined;

function positiveInt(raw: string | undefined, fallback: number): number {
  const value = Number(raw);
  return raw && Number.isInteger(value) && value > 0 ? value : fallback;
}

/**
 * fast-check parameters for one property. Shrinking is off: every step would send requests to a
 * server whose state has moved on, so the first counterexample, with its seed and path, is the report.
 */
export function fuzzParameters<T>(label: string, runs = FUZZ_RUNS): fc.Parameters<T> {
  return {
    numRuns: runs,
    seed: FUZZ_SEED,
    ...(FUZZ_PATH ? { path: FUZZ_PATH } : {}),
    endOnFailure: true,
    reporter: (details) => {
      if (!details.failed) return;
      const replay = `FUZZ_SEED=${details.seed} FUZZ_PATH=${details.counterexamplePath ?? ''}`;
      throw new Error(`${label}: failed after ${details.numRuns} run(s); replay with ${replay}\n${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)}`);
    },
  };
}

/** Announces the seed once per suite, so even a run that hangs can be replayed. */
export function announceSeed(suite: string): void {
  console.info(`[${suite}] FUZZ_SEED=${FUZZ_SEED} FUZZ_RUNS=${FUZZ_RUNS}`);
}
