import { describe, expect, inject, it } from 'vitest';
import { percentile, round } from '../../bench/stats';
import { loadProblems, stockTaken } from './load/load-checks';
import { pgliteTarget, postgresTarget, LOAD_SKUS, type LoadTarget } from './load/load-target';
import { newTally, shop, STEPS } from './load/shopper';

/**
 * Simulated shoppers over the HTTP API: browse a listing, search, open a cart, add two lines, check
 * out. They retry as a real client does (a time-out, no reply, 5xx or 429 → again after a backoff,
 * same body, same Idempotency-Key, same order_id), and some checkouts are sent by a client that
 * gives up early, one whose first reply is lost, or pressed twice at once, so idempotency is
 * exercised under load. 200 shoppers for 60 s in the full run (`npm run test:reliability`), 20 for
 * 10 s in CI; set LOAD_SHOPPERS / LOAD_SECONDS to choose. Target: no errors, every placed order stored
 * once, and the stock taken equal to what the stored orders hold.
 */
const full = Boolean(process.env.FUZZ_RUNS);
const SHOPPERS = Number(process.env.LOAD_SHOPPERS) || (full ? 200 : 20);
const SECONDS = Number(process.env.LOAD_SECONDS) || (full ? 60 : 10);

async function runLoad(target: LoadTarget): Promise<void> {
  const tally = newTally();
  const before = await target.stock();
  expect([...before.keys()].sort(), 'stock rows of the load products').toEqual([...LOAD_SKUS].sort());
  const until = Date.now() + SECONDS * 1000;
  const started = Date.now();
  await Promise.all(Array.from({ length: SHOPPERS }, (_, n) => shop(() => target.urls[n % target.urls.length]!, LOAD_SKUS, until, tally, n)));
  const elapsed = (Date.now() - started) / 1000;
  const final = await target.finish();
  const requests = STEPS.reduce((sum, s) => sum + tally.latencies[s].length, 0);
  const errors = STEPS.reduce((sum, s) => sum + tally.errors[s], 0);
  const rows = STEPS.map((s) => `${s.padEnd(9)} n=${String(tally.latencies[s].length).padStart(6)}  p50=${round(percentile(tally.latencies[s], 50), 1)} ms  p95=${round(percentile(tally.latencies[s], 95), 1)} ms  errors=${tally.errors[s]}`);
  const problems = loadProblems(tally, before, final);
  console.info(
    `[load] ${target.label}: ${SHOPPERS} shoppers for ${round(elapsed, 1)} s, ${requests} requests (${round(requests / elapsed, 0)}/s), error rate ${round((100 * errors) / Math.max(1, requests), 3)} %\n  ` +
      `${rows.join('\n  ')}\n  checkouts ${JSON.stringify(tally.styles)}; retries ${JSON.stringify(tally.retries)}\n  ` +
      `orders placed ${tally.placed.length}, outcome unknown ${tally.unknown.length}, stored ${final.orders.length}; stock taken ${stockTaken(before, final)} units` +
      (tally.errorSamples.length ? `\n  first errors: ${tally.errorSamples.join(' | ')}` : '') +
      (problems.length ? `\n  problems: ${problems.join(' | ')}` : ''),
  );
  expect(problems, 'orders and stock').toEqual([]);
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
