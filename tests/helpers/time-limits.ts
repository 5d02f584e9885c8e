import os from 'node:os';

/** The most a limit grows with the load. */
const MAX_SCALE = 4;

/**
 * How much longer than on a quiet machine the suites may wait, in one place. A shared 2-core machine
 * running other jobs beside the tests makes a page or a server start take several times longer; the
 * limits grow with the load (the last minute's load average per core, between 1x and 4x) so that a
 * busy machine is not taken for a failing test. TEST_TIME_SCALE overrides it (e.g. 1 to find a slow
 * test on a quiet machine). Tests wait on conditions; these are only the limits of that wait. It is
 * read when a limit is set, not once per run: the load rises once the suites are going.
 */
export function timeScale(): number {
  const set = setScale();
  if (set !== undefined) return set;
  const perCore = (os.loadavg()[0] ?? 0) / Math.max(1, os.cpus().length);
  return Math.min(MAX_SCALE, Math.max(1, perCore));
}


function setScale(): number | undefined {
  const set = Number(process.env.TEST_TIME_SCALE);
  return Number.isFinite(set) && set > 0 ? set : undefined;
}

/**
 * A limit at the most the load can grow it to. A test's own limit is fixed when the run starts, on a
 * machine still quiet, while each of its steps (a click, a poll) takes its limit from the load when it
 * starts: a step on a machine that had since become busy could wait longer than its test, and the run
 * said "Test timed out" instead of which step did not happen. Under this ceiling a stuck step fails
 * with its own message first; only a failing test waits this long.
 */
const ceiling = (ms: number): number => Math.round(ms * (setScale() ?? MAX_SCALE));

/** A limit given for a quiet machine, grown for this one's load now. */
export const scaled = (ms: number): number => Math.round(ms * timeScale());

/**
 * Poll options whose limit is `scaled(ms)` read when each poll starts: a file's constants are set when
 * its worker loads it, often before the load has risen, and a limit fixed then stayed a quiet
 * machine's for the whole run.
 */
export function waitLimit(ms: number, options: { interval?: number } = {}): { readonly timeout: number; interval?: number } {
  return {
    ...options,
    get timeout() {
      return scaled(ms);
    },
  };
}

/** The time limits of every project (vitest.config.ts); unit tests keep Vitest's 5 s on a quiet machine. */
export const TIME_LIMITS = {
  unit: { testTimeout: scaled(5_000) },
  integration: { testTimeout: scaled(60_000), hookTimeout: scaled(120_000) },
  reliability: { testTimeout: scaled(600_000), hookTimeout: scaled(120_000) },
  e2e: { testTimeout: ceiling(90_000), hookTimeout: scaled(240_000), poll: { timeout: scaled(15_000), interval: 100 } },
};
