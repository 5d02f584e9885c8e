import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, spawnServer, type ServerProcess } from '../helpers/spawn-server';
import { TMP_ROOT, testDatabaseUrl } from '../helpers/test-config';
import { until } from '../helpers/wait-until';
import { parseMetrics, type Sample } from './metrics-text';
import { scaled } from '../helpers/time-limits';

/**
 * Two API processes under the supervisor (WEB_CONCURRENCY=2, PostgreSQL): METRICS_PORT is served by
 * the supervisor with every process's metrics, each labelled with its pid; SIGTERM stops them all.
 */
const schema = `cm_${randomBytes(5).toString('hex')}`;
let shop: ServerProcess | undefined;
let dataDir: string | undefined;
afterAll(async () => {
  await shop?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  if (!testDatabaseUrl) return;
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  await client.query(`drop schema if exists ${schema} cascade`);
  await client.end();
});

const pidsOf = (samples: Sample[], name: string) => new Set(samples.filter((s) => s.name === name).map((s) => s.labels.pid));

describe.skipIf(!testDatabaseUrl)('metrics of several API processes', () => {
  it("the supervisor's METRICS_PORT answers for every process, each series labelled with its pid and worker", async () => {
    dataDir = await mkdtemp(path.join(TMP_ROOT, 'cluster-metrics-'));
    const metricsPort = await freePort();
    shop = await spawnServer({ DATABASE_URL: testDatabaseUrl!, DATABASE_SCHEMA: schema, DATA_DIR: dataDir, SEED_PRODUCTS: '50', WEB_CONCURRENCY: '2', METRICS_PORT: String(metricsPort) });
    const scrape = async () => parseMetrics(await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text());
    // The second process starts once the first serves.
    let samples = await until('both processes in the scrape', scrape, (found) => pidsOf(found, 'process_resident_memory_bytes').size >= 2, 60_000);
    const pids = pidsOf(samples, 'process_resident_memory_bytes');
    expect(pids.size).toBe(2);
    expect(pids.has(String(shop.child.pid))).toBe(false);
    // Requests spread over the processes; each counts its own, and all of them appear in one scrape.
    const answeredBy = new Set<number>();
    for (let i = 0; i < 20; i++) answeredBy.add(((await (await fetch(`${shop.url}/api/health`, { headers: { connection: 'close' } })).json()) as { result: { pid: number } }).result.pid);
    samples = await scrape();
    const health = samples.filter((s) => s.name === 'http_requests_total' && s.labels.route === '/api/health' && s.labels.status === '200');
    expect(new Set(health.map((s) => s.labels.pid))).toEqual(new Set([...answeredBy].map(String)));
    expect(new Set(health.map((s) => s.labels.worker)).size).toBe(answeredBy.size);
    expect(health.reduce((sum, s) => sum + s.value, 0)).toBeGreaterThanOrEqual(20);

    const exited = new Promise<number | null>((resolve) => shop!.child.once('exit', (code) => resolve(code)));
    shop.child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, scaled(180_000));
});
