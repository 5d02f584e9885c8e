import { describe, expect, inject, it } from 'vitest';
import { percentile, round } from '../../bench/stats';
import { LOAD_SKUS, pgliteTarget, postgresTarget, type LoadTarget } from './load/load-target';
import { newTally, shop, STEPS } from './load/shopper';

/**
 * Simulated shoppers over the HTTP API: browse a listing, search, open a cart, add two lines, check
 * out. 200 shoppers for 60 s in the full run (`npm run test:reliability`), 20 for 10 s in CI; set
 * LOAD_SHOPPERS / LOAD_SECONDS to choose. Target: no errors, every placed order stored once.
 */
const full = Boolean(process.env.FUZZ_RUNS);
const SHOPPERS = Number(process.env.LOAD_SHOPPERS) || (full ? 200 : 20);
const SECONDS = Number(process.env.LOAD_SECONDS) || (full ? 60 : 10);

async function runLoad(target: LoadTarget): Promise<void> {
  const tally = newTally();
  const until = Date.now() + SECONDS * 1000;
  const started = Date.now();
  await Promise.all(Array.from({ length: SHOPPERS }, (_, n) => shop(() => target.urls[n % target.urls.length]!, LOAD_SKUS, until, tally, n)));
  const elapsed = (Date.now() - started) / 1000;
  const stored = await target.storedOrders();
  const requests = STEPS.reduce((sum, s) => sum + tally.latencies[s].length + (tally.errors[s] - 0), 0);
  const errors = STEPS.reduce((sum, s) => sum + tally.errors[s], 0);
  const rows = STEPS.map((s) => `${s.padEnd(9)} n=${String(tally.latencies[s].length).padStart(6)}  p50=${round(percentile(tally.latencies[s], 50), 1)} ms  p95=${round(percentile(tally.latencies[s], 95), 1)} ms  errors=${tally.errors[s]}`);
  console.info(
    `[load] ${target.label}: ${SHOPPERS} shoppers for ${round(elapsed, 1)} s, ${requests} requests (${round(requests / elapsed, 0)}/s), error rate ${round((100 * errors) / Math.max(1, requests), 3)} %\n  ` +
      `${rows.join('\n  ')}\n  orders placed ${tally.placed.length}, reply lost ${tally.unknown.length}, stored ${stored.length}` +
      (tally.errorSamples.length ? `\n  first errors: ${tally.errorSamples.join(' | ')}` : ''),
  );
  const storedSet = new Set(stored);
  expect(stored.length, 'each order stored once').toBe(storedSet.size);
  expect(tally.placed.filter((id) => !storedSet.has(id)), 'placed orders missing on the server').toEqual([]);
  const known = new Set([...tally.placed, ...tally.unknown]);
  expect(stored.filter((id) => !known.has(id)), 'stored orders nobody placed').toEqual([]);
  expect(tally.placed.length).toBeGreaterThan(0);
  expect(tally.errorSamples, 'errors').toEqual([]);
}

describe('load: simulated shoppers over the HTTP API', () => {
  it(`PGlite: ${SHOPPERS} shoppers for ${SECONDS} s`, async () => {
    const target = await pgliteTarget(inject('pgliteTemplate'));
    try {
      await runLoad(target);
    } finally {
      await target.close();
    }
  });

  it(`PostgreSQL with two API processes: ${SHOPPERS} shoppers for ${SECONDS} s (skipped when no server answers)`, async (context) => {
    const target = await postgresTarget(2);
    if (!target) return context.skip('no PostgreSQL at LOAD_DATABASE_URL / postgres://postgres@127.0.0.1:5432/test');
    try {
      await runLoad(target);
    } finally {
      await target.close();
    }
  });
});
