import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../../server/db/open-database';
import { spawnServer, type ServerProcess } from '../../helpers/spawn-server';
import { TMP_ROOT } from '../../helpers/test-config';

export const LOAD_SKUS = Array.from({ length: 8 }, (_, i) => `LOAD-${i + 1}`);
const ADMIN_TOKEN = 'load-suite-admin-token';
export const POSTGRES_URL = process.env.LOAD_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** API processes on one database, shoppers spread over them; orders read from the database afterwards. */
export interface LoadTarget {
  label: string;
  urls: string[];
  storedOrders(): Promise<string[]>;
  close(): Promise<void>;
}

async function importProducts(url: string): Promise<void> {
  const products = LOAD_SKUS.map((sku, i) => ({ id: 997_000 + i, sku, name: `Load ${sku}`, slug: sku.toLowerCase(), type_id: 'simple', status: 1, visibility: 4, price: 3 + i, tax_class_id: 2, stock: { is_in_stock: true, qty: 50_000_000, manage_stock: true } }));
  const reply = await fetch(`${url}/api/catalog/import`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-admin-token': ADMIN_TOKEN }, body: JSON.stringify({ products }) });
  if (!reply.ok) throw new Error(`import answered ${reply.status}: ${await reply.text()}`);
}

export async function pgliteTarget(template: string): Promise<LoadTarget> {
  const dataDir = await mkdtemp(path.join(TMP_ROOT, 'load-'));
  if (template && existsSync(template)) await cp(template, dataDir, { recursive: true });
  let server: ServerProcess | null = await spawnServer({ DATA_DIR: dataDir, ADMIN_TOKEN, SEED_PRODUCTS: '2000' }, 90_000);
  await importProducts(server.url);
  return {
    label: 'PGlite, one API process',
    urls: [server.url],
    async storedOrders() {
      await server?.stop();
      server = null;
      const db = await openDatabase({ databaseUrl: undefined, databaseSchema: 'public', dataDir });
      try {
        return (await db.query<{ order_id: string }>("select order_id from orders where email like 'load-%'")).map((r) => r.order_id);
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
  const query = async <T extends pg.QueryResultRow>(sql: string): Promise<T[]> => {
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    try {
      return (await client.query<T>(sql)).rows;
    } finally {
      await client.end();
    }
  };
  return {
    label: `PostgreSQL, ${processes} API processes`,
    urls: servers.map((s) => s.url),
    storedOrders: async () => (await query<{ order_id: string }>(`select order_id from ${schema}.orders where email like 'load-%'`)).map((r) => r.order_id),
    async close() {
      await Promise.all(servers.map((s) => s.stop('SIGKILL')));
      await query(`drop schema if exists ${schema} cascade`);
    },
  };
}
