/**
 * Item 5: runs `bench/order-placement.ts` (its own server, clients and database set-up) as a
 * subprocess on PGlite and PostgreSQL, repeated, and reads its console tables. The baseline of each
 * figure is the same run's worst case, every order taking one hot SKU (all wait on one stock row).
 */
import pg from 'pg';
import type { BenchOptions } from './bench-options';
import { failed, pending, type Figure } from './figure';
import { parseConsoleTables } from './parse-console-table';
import { runScript } from './run-script';
import { median } from './stats';

const ITEM = '5 order placement';
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** A small catalogue: seeding is start-up cost, not what this item measures. */
const PRODUCTS = 200;

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: DATABASE_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function measureOn(database: 'PGlite' | 'PostgreSQL', options: BenchOptions): Promise<Figure[]> {
  const args = [`--seconds=${options.orderSeconds}`, `--products=${PRODUCTS}`, ...(database === 'PostgreSQL' ? ['--postgres'] : [])];
  const spread: Record<string, number>[] = [];
  const hot: Record<string, number>[] = [];
  for (let i = 0; i < options.orderRepeats; i++) {
    const table = parseConsoleTables(await runScript('bench/order-placement.ts', args))[0] ?? {};
    const rows = Object.entries(table);
    const find = (prefix: string) => rows.find(([label]) => label.startsWith(prefix))?.[1] as Record<string, number> | undefined;
    const s = find('spread');
    const h = find('every order');
    if (!s || !h) throw new Error(`order-placement.ts printed no table rows I know: ${JSON.stringify(table)}`);
    spread.push(s);
    hot.push(h);
  }
  const of = (runs: Record<string, number>[], key: string) => median(runs.map((r) => Number(r[key])));
  const failures = [...spread, ...hot].reduce((sum, r) => sum + Number(r.failures ?? 0), 0);
  const note = `${options.orderRepeats}x${options.orderSeconds}s, 16 clients, 3 lines an order${failures ? `, ${failures} failed orders` : ''}`;
  const figure = (name: string, key: string, unit: string): Figure => ({
    item: ITEM, name: `${database} ${name}`, value: of(spread, key), unit, samples: spread.map((r) => Number(r[key])),
    baseline: { name: `same run, every order on one hot SKU: ${key}`, value: of(hot, key) },
  });
  return [{ ...figure('orders per second', 'orders/s', 'orders/s'), note }, figure('p95', 'p95 (ms)', 'ms')];
}

export async function measureOrderPlacement(options: BenchOptions): Promise<Figure[]> {
  const figures: Figure[] = [];
  figures.push(...(await measureOn('PGlite', options).catch((e: unknown) => [failed(ITEM, 'PGlite orders per second', e)])));
  if (!options.orderOnPostgres) figures.push(pending(ITEM, 'PostgreSQL orders per second', 'orders/s', 'not in --quick runs'));
  else if (!(await postgresReachable())) figures.push(pending(ITEM, 'PostgreSQL orders per second', 'orders/s', `no PostgreSQL at ${DATABASE_URL} (set BENCH_DATABASE_URL)`));
  else figures.push(...(await measureOn('PostgreSQL', options).catch((e: unknown) => [failed(ITEM, 'PostgreSQL orders per second', e)])));
  return figures;
}
