import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FeedDocument } from '../../replication/catalog/catalog-feed';
import type { FaultKind } from './faults/fault-fetch';
import { runScenario } from './faults/scenario';
import { FAULT_SKUS, ScenarioServer } from './faults/scenario-server';
import { FAULT_SCENARIOS, FAULT_SEED } from './faults/seeded-random';
import type { ScenarioOutcome } from './faults/settle';

/**
 * Seeded fault-injection scenarios against the real data layer (RxDB on fake-indexeddb, the real
 * cart sync, order outbox, task runner and token lock) and a real API process. Scenario i uses seed
 * FAULT_SEED + i; a failure names its seed: replay it alone with
 *   FAULT_SEED=<seed> FAULT_SCENARIOS=1 npx vitest run --project reliability tests/reliability/fault-scenarios.test.ts
 */
const TOKEN_TTL_SECONDS = 2;
let server: ScenarioServer;
let products: FeedDocument[];
const outcomes = new Map<number, ScenarioOutcome>();
const unhandled: unknown[] = [];
const onUnhandled = (error: unknown) => void unhandled.push(error);

beforeAll(async () => {
  console.info(`[fault-scenarios] FAULT_SEED=${FAULT_SEED} FAULT_SCENARIOS=${FAULT_SCENARIOS}`);
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

describe('fault-injection scenarios', () => {
  it(`${FAULT_SCENARIOS} seeded scenarios settle with every invariant kept`, async () => {
    const failures: string[] = [];
    for (let i = 0; i < FAULT_SCENARIOS; i++) {
      const seed = (FAULT_SEED + i) >>> 0;
      const before = unhandled.length;
      let outcome: ScenarioOutcome;
      const started = Date.now();
      try {
        outcome = await runScenario(seed, { server, products, tokenTtl: TOKEN_TTL_SECONDS });
      } catch (error) {
        failures.push(`FAULT_SEED=${seed}: threw ${error instanceof Error ? error.stack : String(error)}`);
        continue;
      }
      outcome.log.push(`${Date.now() - started} ms`);
      outcomes.set(seed, outcome);
      if (process.env.FAULT_VERBOSE) console.info(`[fault-scenarios] ${outcome.log.join(' → ')}; sent ${outcome.sent.length}, faults ${JSON.stringify(outcome.faults)}`);
      const errors = unhandled.slice(before).map((e) => (e instanceof Error ? e.stack : String(e)));
      const problems = [...outcome.problems, ...errors.map((e) => `unhandled error: ${e}`)];
      if (problems.length) failures.push(`FAULT_SEED=${seed} (${outcome.log.join(' → ')}):\n  ${problems.join('\n  ')}`);
      if ((i + 1) % 10 === 0) console.info(`[fault-scenarios] ${i + 1}/${FAULT_SCENARIOS} done, ${failures.length} failing${failures.length ? `: ${failures.join('\n')}` : ''}`);
    }

    // Orders as the server stored them, read from its data folder: each placed order once, no other.
    const stored = await server.stopAndReadOrders();
    for (const [seed, outcome] of outcomes) {
      const onServer = [...(stored.get(outcome.email.toLowerCase()) ?? [])].sort();
      const placed = [...outcome.sent].sort();
      if (JSON.stringify(onServer) !== JSON.stringify(placed)) failures.push(`FAULT_SEED=${seed}: orders placed ${JSON.stringify(placed)} but stored ${JSON.stringify(onServer)}`);
    }

    const faults: Record<FaultKind, number> = { offline: 0, dropBefore: 0, dropAfter: 0, slow: 0 };
    let orders = 0;
    let tasks = 0;
    let redeliveries = 0;
    for (const outcome of outcomes.values()) {
      for (const kind of Object.keys(faults) as FaultKind[]) faults[kind] += outcome.faults[kind];
      orders += outcome.sent.length;
      tasks += outcome.tasks;
      redeliveries += outcome.redeliveries;
    }
    console.info(
      `[fault-scenarios] ${outcomes.size}/${FAULT_SCENARIOS} scenarios ran; faults injected: ${JSON.stringify(faults)}, server killed ${server.kills}× and restarted ${server.restarts}×; ` +
        `${orders} orders placed and stored once each, ${tasks} tasks queued, ${redeliveries} redeliveries after lost replies; ${failures.length} failing`,
    );
    expect(failures, failures.join('\n\n')).toEqual([]);
  }, FAULT_SCENARIOS * 60_000);
});
