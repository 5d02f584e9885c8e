import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FeedDocument } from '../../replication/catalog/catalog-feed';
import { briefError, errorText } from './faults/error-text';
import { runScenario } from './faults/scenario';
import { describePlan, drawPlan } from './faults/scenario-plan';
import { RunReport, type ScenarioOutcome } from './faults/scenario-report';
import { FAULT_SKUS, ScenarioServer } from './faults/scenario-server';
import { FAULT_OTHER_DEVICE, FAULT_REPEAT, FAULT_SCENARIOS, FAULT_SEED, FAULT_VERBOSE } from './faults/seeded-random';
import { scaled } from '../helpers/time-limits';

/**
 * Seeded fault-injection scenarios against the real data layer (RxDB on fake-indexeddb, the real
 * cart sync, order outbox, task runner and token lock) and a real API process. Scenario i uses seed
 * FAULT_SEED + i; a failure names its seed and plan: replay it alone with
 *   FAULT_SEED=<seed> FAULT_SCENARIOS=1 FAULT_VERBOSE=1 npx vitest run --project reliability tests/reliability/fault-scenarios.test.ts
 * (add FAULT_REPEAT=10 to run it ten times when it depends on a race, FAULT_TRACE=1 to see every request;
 * FAULT_OTHER_DEVICE=1 gives a share of signed-in customers a second device, as test:reliability and test:soak do).
 */
const TOKEN_TTL_SECONDS = 2;
let server: ScenarioServer;
let products: FeedDocument[];
const unhandled: unknown[] = [];
const onUnhandled = (error: unknown) => void unhandled.push(error);

beforeAll(async () => {
  console.info(`[fault-scenarios] FAULT_SEED=${FAULT_SEED} FAULT_SCENARIOS=${FAULT_SCENARIOS}${FAULT_REPEAT > 1 ? ` FAULT_REPEAT=${FAULT_REPEAT}` : ''}`);
  process.on('unhandledRejection', onUnhandled);
  process.on('uncaughtException', onUnhandled);
  server = await ScenarioServer.start(inject('pgliteTemplate'), TOKEN_TTL_SECONDS);
  products = await server.productDocuments();
  expect(products.map((p) => p.sku).sort()).toEqual([...FAULT_SKUS].sort());
});

afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  process.off('uncaughtException', onUnhandled);
  await server?.dispose();
});

function failureText(outcome: ScenarioOutcome): string {
  const problems = outcome.problems.map((p) => `[${p.invariant}] ${p.message}`);
  const notes = outcome.notes.length ? `\n  notes: ${outcome.notes.join('; ')}` : '';
  return `${FAULT_OTHER_DEVICE ? 'FAULT_OTHER_DEVICE=1 ' : ''}FAULT_SEED=${outcome.seed} — ${describePlan(outcome.plan)}\n  ${problems.join('\n  ')}\n  state:\n    ${outcome.state}${notes}`;
}

describe('fault-injection scenarios', () => {
  it(`${FAULT_SCENARIOS} seeded scenarios settle with every invariant kept`, async () => {
    const report = new RunReport();
    const outcomes: ScenarioOutcome[] = [];
    const failures: string[] = [];
    for (let i = 0; i < FAULT_SCENARIOS * FAULT_REPEAT; i++) {
      const seed = (FAULT_SEED + Math.floor(i / FAULT_REPEAT)) >>> 0;
      const run = i % FAULT_REPEAT;
      const before = unhandled.length;
      const started = Date.now();
      let outcome: ScenarioOutcome;
      try {
        outcome = await runScenario(seed, { server, products, tokenTtl: TOKEN_TTL_SECONDS, verbose: FAULT_VERBOSE }, run);
      } catch (error) {
        report.threw.push(seed);
        failures.push(`FAULT_SEED=${seed} — ${describePlan(drawPlan(seed, FAULT_SKUS))}\n  threw ${errorText(error)}${unhandled.length > before ? `\n  unhandled meanwhile: ${unhandled.slice(before).map(briefError).join('\n  ')}` : ''}`);
        continue;
      }
      // Errors raised while this scenario ran (its pages are closed now) belong to it.
      for (const error of unhandled.slice(before)) outcome.problems.push({ invariant: 'noUnhandledErrors', message: briefError(error) });
      outcomes.push(outcome);
      report.add(outcome);
      if (FAULT_VERBOSE) console.info(`[fault-scenarios] seed ${seed}: ${Date.now() - started} ms, ${outcome.problems.length} problems, faults ${JSON.stringify(outcome.faults)}${outcome.notes.length ? `; ${outcome.notes.join('; ')}` : ''}`);
      if (outcome.problems.length) failures.push(failureText(outcome));
      if ((i + 1) % 10 === 0) console.info(`[fault-scenarios] ${i + 1}/${FAULT_SCENARIOS * FAULT_REPEAT} done, ${failures.length} failing`);
    }

    // Orders that reached the server after a scenario was checked: background work that outlived it.
    for (const outcome of outcomes) {
      const late = (await server.ordersFor(outcome.email)).filter((o) => !outcome.stored.includes(o.order_id));
      if (late.length === 0) continue;
      report.failed('noLateOrders', outcome.seed);
      failures.push(`FAULT_SEED=${outcome.seed}: [noLateOrders] ${late.map((o) => o.order_id).join(', ')} stored after the scenario was checked`);
    }

    console.info(`[fault-scenarios] FAULT_SEED=${FAULT_SEED}: ${report.summary()}\n  server killed ${server.kills}× and restarted ${server.restarts}×; ${failures.length} failing`);
    expect(failures, failures.join('\n\n')).toEqual([]);
  }, FAULT_SCENARIOS * FAULT_REPEAT * scaled(90_000));
});
