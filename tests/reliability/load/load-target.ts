import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Queryable } from '../../../server/db/database';
import { openDatabase } from '../../../server/db/open-database';
import { spawnServer, type ServerProcess } from '../../helpers/spawn-server';
import { TMP_ROOT } from '../../helpers/test-config';

export const LOAD_SKUS = Array.from({ length: 8 }, (_, i) => `LOAD-${i + 1}`);
const ADMIN_TOKEN = 'load-suite-admin-token';
export const POSTGRES_URL = process.env.LOAD_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** An order as stored, with the quantity of each sku it took. */
export interface StoredOrder {
  order_id: string;
  lines: { sku: string; qty: number }[];
}

/** What the database holds once every API process has stopped (so no request is still being acted on). */
export interface FinalState {
  orders: StoredOrder[];
  stock: Map<string, number>;
}

/** API processes on one database, shoppers spread over them; orders and stock read from the database at the end. */
export interface LoadTarget {
  label: string;
  urls: string[];
  /** Stock of the load skus now, as the API reports it. */
  stock(): Promise<Map<string, number>>;
  /** Stops the API processes gracefully (in-flight requests finish), then reads orders and stock. */
  finish(): Promise<FinalState>;
  close(): Promise<void>;
}

async function importProducts(url: string): Promise<void> {
  const products = LOAD_SKUS.map((sku, i) => ({ id: 997_000 + i, sku, name: `Load ${sku}`, slug: sku.toLowerCase(), type_id: 'simple', status: 1, visibility: 4, price: 3 + i, tax_class_id: 2, stock: { is_in_stock: true, qty: 50_000_000, manage_stock: true } }));
  const reply = await fetch(`${url}/api/catalog/import`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-admin-token': ADMIN_TOKEN }, body: JSON.stringify({ products }) });
  if (!reply.ok) throw new Error(`import answered ${reply.status}: ${await reply.text()}`);
}

async function stockViaApi(url: string): Promise<Map<string, number>> {
  const reply = (await (await fetch(`${url}/api/stock/list?skus=${LOAD_SKUS.join(',')}`)).json()) as { code: number; result: { product_sku: string; qty: number }[] };
  if (reply.code !== 200) throw new Error(`stock list answered ${reply.code}: ${JSON.stringify(reply.result)}`);
  return new Map(reply.result.map((item) => [item.product_sku, Number(item.qty)]));
}

/** The load orders and the load skus' stock, from one schema. */
async function readFinalState(db: Queryable, schema: string): Promise<FinalState> {
  const rows = await db.query<{ order_id: string; doc: { items?: { sku: string; qty_ordered: number }[] } }>(`select order_id, doc from ${schema}.orders where email like 'load-%'`);
  const stock = await db.query<{ sku: string; qty: number }>(`select sku, qty from ${schema}.stock where sku = any($1::text[])`, [LOAD_SKUS]);
  return {
    orders: rows.map((r) => ({ order_id: r.order_id, lines: (r.doc.items ?? []).map((i) => ({ sku: i.sku, qty: Number(i.qty_ordered) })) })),
    stock: new Map(stock.map((r) => [r.sku, Number(r.qty)])),
  };
}

export async function pgliteTarget(template: string): Promise<LoadTarget> {
  const dataDir = await mkdtemp(path.join(TMP_ROOT, 'load-'));
  if (template && existsSync(template)) await cp(template, dataDir, { recursive: true });
  let server: ServerProcess | null = await spawnServer({ DATA_DIR: dataDir, ADMIN_TOKEN, SEED_PRODUCTS: '2000' }, 90_000);
  await importProducts(server.url);
  const url = server.url;
  return {
    label: 'PGlite, one API process',
    urls: [url],
    stock: () => stockViaApi(url),
    async finish() {
      await server?.stop();
      server = null;
      const db = await openDatabase({ databaseUrl: undefined, databaseSchema: 'public', dataDir });
      try {
        return await readFinalState(db, 'public');
      } finally {
        await db.close();
      }
    },
    async close() {
      await server?.stop('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** null when no PostgreSQL answers at POSTGRES_URL. */
export async function postgresTarget(processes = 2): Promise<LoadTarget | null> {
  const probe = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await probe.connect();
  } catch {
    return null;
  } finally {
    await probe.end().catch(() => undefined);
  }
  const schema = `load_${randomBytes(5).toString('hex')}`;
  const env = { DATABASE_URL: POSTGRES_URL, DATABASE_SCHEMA: schema, ADMIN_TOKEN, SEED_PRODUCTS: '2000' };
  // The first process migrates and seeds the schema; the others join it.
  const servers: ServerProcess[] = [await spawnServer(env, 120_000)];
  await importProducts(servers[0]!.url);
  for (let i = 1; i < processes; i++) servers.push(await spawnServer(env, 120_000));
  const client = (): Queryable & { end(): Promise<void> } => {
    const c = new pg.Client({ connectionString: POSTGRES_URL });
    const connected = c.connect();
    return {
      query: async <T>(sql: string, params?: readonly unknown[]) => {
        await connected;
        return (await c.query(sql, params as unknown[])).rows as T[];
      },
      end: () => c.end(),
    };
  };
  return {
    label: `PostgreSQL, ${processes} API processes`,
    urls: servers.map((s) => s.url),
    stock: () => stockViaApi(servers[0]!.url),
    async finish() {
      await Promise.all(servers.map((s) => s.stop()));
      const db = client();
      try {
        return await readFinalState(db, schema);
      } finally {
        await db.end();
      }
    },
    async close() {
      await Promise.all(servers.map((s) => s.stop('SIGKILL')));
      const db = client();
      try {
        await db.query(`drop schema if exists ${schema} cascade`);
      } finally {
        await db.end();
      }
    },
  };
}
