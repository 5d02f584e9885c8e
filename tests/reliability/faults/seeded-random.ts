/** A small seeded generator (mulberry32): the same seed replays the same scenario, step for step. */
export interface Random {
  readonly seed: number;
  next(): number;
  int(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
}

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    seed,
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
  };
}

function positiveInt(raw: string | undefined, fallback: number): number {
  const value = Number(raw);
  return raw && Number.isInteger(value) && value > 0 ? value : fallback;
}

/**
 * FAULT_SCENARIOS: how many scenarios (20 in CI, 200 for `npm run test:reliability`, where FUZZ_RUNS
 * is set). FAULT_SEED: the base seed; scenario i runs with seed base + i, so one failing scenario
 * replays alone with FAULT_SEED=<its seed> FAULT_SCENARIOS=1. The short run (CI) uses a fixed base
 * seed, so whether a change lands does not depend on a newly drawn seed; the full run draws a new
 * one each time to explore, and what it finds is replayed and fixed.
 */
const CI_SEED = 7000;
export const FAULT_SCENARIOS = positiveInt(process.env.FAULT_SCENARIOS, process.env.FUZZ_RUNS ? 200 : 20);
export const FAULT_SEED = process.env.FAULT_SEED
  ? Number(process.env.FAULT_SEED) >>> 0
  : process.env.FUZZ_RUNS
    ? (Date.now() ^ (Math.random() * 0x7fffffff)) >>> 0
    : CI_SEED;
