/**
 * Item 20 on PostgreSQL: two API processes (`WEB_CONCURRENCY=2`, the built server as `npm start` runs
 * it) started on a seeded schema, timed from spawn to the first `/api/health` answer (wall, and CPU of
 * the process tree from /proc) and until both serve; each process's own start-up phases come from its
 * "shop is ready" log line. The schema is seeded once by a single process (not timed here) into a
 * schema of its own, with a data folder of its own (where the catalogue snapshot goes), and dropped
 * afterwards.
 * Alone: `npx tsx bench/postgres-startup.ts [--products=50000] [--starts=3] [--keep]`; `--keep` leaves the
 * seeded schema and data folder and names them, and `--schema=NAME --data-dir=DIR` starts on them
 * again without seeding (before/after comparisons on one seeded schema).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { spawnServer, type ServerProcess } from '../tests/helpers/spawn-server';
import { builtServerMain } from './built-server';
import type { Figure } from './figure';
import { processCpuMs } from './process-cpu';
import { median, round, sleep } from './stats';

const ITEM = '20 server start-up';
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PROCESSES = 2;

export interface PostgresStart {
  /** Spawn to the first /api/health answer. */
  wallMs: number;
  /** CPU of the process tree at that moment. */
  cpuMs: number;
  /** Spawn until the supervisor says every API process serves. */
  allMs: number;
  /** Each API process's start-up phases (ms), from its "shop is ready" line, first ready first. */
  phases: Record<string, number>[];
  /** Where each process's catalogue came from (snapshot or database), as its "shop is ready" line says. */
  catalogFrom: string[];
}

async function onDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: DATABASE_URL, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export const postgresReachable = (): Promise<boolean> => onDatabase(async () => true).catch(() => false);

/** The supervisor's word that every API process serves (the second starts once the first does). */
export async function untilAllServe(server: ServerProcess): Promise<void> {
  const deadline = Date.now() + 10 * 60_000;
  while (!server.output().includes('all API processes serving')) {
    if (server.child.exitCode !== null || Date.now() > deadline) throw new Error(`the API processes did not all start:\n${server.output().slice(-2000)}`);
    await sleep(20);
  }
}

/** The `timings`, `totalMs` and `catalog` of every "shop is ready" line so far. */
function readyLines(output: string): { phases: Record<string, number>[]; catalogFrom: string[] } {
  const phases: Record<string, number>[] = [];
  const catalogFrom: string[] = [];
  for (const line of output.split('\n')) {
    if (!line.includes('shop is ready')) continue;
    try {
      const entry = JSON.parse(line) as { timings?: Record<string, number>; totalMs?: number; catalog?: string };
      phases.push({ ...entry.timings, ...(entry.totalMs === undefined ? {} : { total: entry.totalMs }) });
      catalogFrom.push(entry.catalog ?? '?');
    } catch {
      // not a JSON log line
    }
  }
  return { phases, catalogFrom };
}

/** Starts the two API processes on `schema` `starts` times (stopping them in between). */
export async function timePostgresStarts(schema: string, products: number, dataDir: string, starts: number): Promise<PostgresStart[]> {
  const env = { DATABASE_URL, DATABASE_SCHEMA: schema, SEED_PRODUCTS: String(products), WEB_CONCURRENCY: String(PROCESSES), DATA_DIR: dataDir, LOG_LEVEL: 'info' };
  const main = await builtServerMain();
  const runs: PostgresStart[] = [];
  for (let i = 0; i < starts; i++) {
    const begun = performance.now();
    const server = await spawnServer(env, 10 * 60_000, main);
    try {
      const wallMs = performance.now() - begun;
      const cpuMs = await processCpuMs(server.child.pid!);
      await untilAllServe(server);
      runs.push({ wallMs, cpuMs, allMs: performance.now() - begun, ...readyLines(server.output()) });
    } finally {
      await server.stop();
    }
  }
  return runs;
}

/** The figures of `timePostgresStarts`' runs. */
export function postgresStartFigures(runs: readonly PostgresStart[], products: number): Figure[] {
  const label = `PostgreSQL, ${PROCESSES} processes`;
  const n = products.toLocaleString('en-GB');
  const seconds = (values: number[]) => round(median(values) / 1000, 2);
  const first = runs.map((r) => r.phases[0] ?? {});
  const phaseNames = [...new Set(first.flatMap((p) => Object.keys(p)))];
  const phases = phaseNames.map((name) => `${name} ${round(median(first.map((p) => p[name] ?? 0)), 0)}`).join(', ');
  return [
    { item: ITEM, name: `${label}: start-up wall time to the first /api/health, ${n} products, seeded schema`, value: seconds(runs.map((r) => r.wallMs)), unit: 's', target: { kind: 'max', value: 5 }, samples: runs.map((r) => round(r.wallMs / 1000, 2)), note: `the supervisor and the first API process; its phases (median ms): ${phases}; swings with the machine load` },
    { item: ITEM, name: `${label}: start-up CPU to the first /api/health, ${n} products, seeded schema`, value: seconds(runs.map((r) => r.cpuMs)), unit: 's', samples: runs.map((r) => round(r.cpuMs / 1000, 2)), note: 'CPU of the whole process tree by then (the supervisor, the first process, the second one starting)' },
    { item: ITEM, name: `${label}: start-up wall time until both processes serve, ${n} products, seeded schema`, value: seconds(runs.map((r) => r.allMs)), unit: 's', samples: runs.map((r) => round(r.allMs / 1000, 2)), note: 'the second process starts once the first serves' },
  ];
}

/**
 * Seeds a schema of its own with one process (or takes `reuse`, seeded before), then times `starts`
 * starts of two processes on it. The schema and data folder are dropped unless `keep` or `reuse`.
 */
export async function measurePostgresStartup(
  products: number,
  starts: number,
  log: (line: string) => void,
  { keep = false, reuse }: { keep?: boolean; reuse?: { schema: string; dataDir: string } } = {},
): Promise<{ figures: Figure[]; runs: PostgresStart[] }> {
  const schema = reuse?.schema ?? `bench_start_${randomBytes(4).toString('hex')}`;
  const dataDir = reuse?.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'bench-pg-start-')));
  try {
    if (!reuse) {
      log(`seeding ${products.toLocaleString('en-GB')} products into PostgreSQL schema ${schema}…`);
      const seeding = await spawnServer({ DATABASE_URL, DATABASE_SCHEMA: schema, SEED_PRODUCTS: String(products), WEB_CONCURRENCY: '1', DATA_DIR: dataDir }, 10 * 60_000, await builtServerMain());
      await seeding.stop();
    }
    const runs = await timePostgresStarts(schema, products, dataDir, starts);
    log(`  start-ups: ${runs.map((r) => `${round(r.wallMs / 1000, 2)} s to the first answer (${round(r.cpuMs / 1000, 2)} s CPU), ${round(r.allMs / 1000, 2)} s to both; first process ${JSON.stringify(r.phases[0] ?? {})} from ${r.catalogFrom[0] ?? '?'}`).join('; ')}`);
    return { figures: postgresStartFigures(runs, products), runs };
  } finally {
    if (keep || reuse) log(`kept: --schema=${schema} --data-dir=${dataDir}`);
    else {
      await onDatabase((client) => client.query(`drop schema if exists ${schema} cascade`)).catch(() => undefined);
      await rm(dataDir, { recursive: true, force: true });
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const flag = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
  const log = (line: string) => console.error(line);
  if (!(await postgresReachable())) throw new Error(`no PostgreSQL at ${DATABASE_URL} (set BENCH_DATABASE_URL)`);
  const loadBefore = os.loadavg().map((l) => round(l, 2)).join(' ');
  const text = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  const [schema, dataDir] = [text('schema'), text('data-dir')];
  const reuse = schema && dataDir ? { schema, dataDir } : undefined;
  const { figures } = await measurePostgresStartup(flag('products', 50_000), flag('starts', 3), log, { keep: process.argv.includes('--keep'), reuse });
  console.log(`PostgreSQL start-up, load average ${loadBefore} before, ${os.loadavg().map((l) => round(l, 2)).join(' ')} after`);
  for (const f of figures) console.log(`${f.name}: ${f.value} ${f.unit} (samples ${f.samples?.join(', ')})${f.note ? ` — ${f.note}` : ''}`);
}
