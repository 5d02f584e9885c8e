import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request as httpRequest } from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer, type ServerProcess } from '../helpers/spawn-server';
import { TMP_ROOT, testDatabaseUrl } from '../helpers/test-config';
import { until as waitFor } from '../helpers/wait-until';
import { scaled } from '../helpers/time-limits';

const processes: ServerProcess[] = [];
const folders: string[] = [];
const schema = `wc_${randomBytes(5).toString('hex')}`;
const ADMIN_TOKEN = 'web-concurrency-test';

afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  await Promise.all(folders.map((f) => rm(f, { recursive: true, force: true })));
  if (testDatabaseUrl) {
    const client = new pg.Client({ connectionString: testDatabaseUrl });
    await client.connect();
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.end();
  }
});

/** One JSON request over `agent` (a kept-alive connection stays with the process that accepted it). */
function call<T>(base: string, agent: Agent | false, method: string, route: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: T }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(route, base), { method, agent, headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as T }));
    });
    req.on('error', reject);
    // A connection handed to a process at the moment it is killed is never answered: give up on it.
    req.setTimeout(5000, () => req.destroy(new Error(`${method} ${route}: no answer within 5 s`)));
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

const healthPid = async (base: string, agent: Agent | false) => (await call<{ result: { pid: number } }>(base, agent, 'GET', '/api/health')).body.result.pid;
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** What `probe` finds once it finds something (tests/helpers/wait-until.ts, limits scaled with the load). */
const until = async <T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> =>
  (await waitFor(what, probe, (found) => found !== undefined, timeoutMs)) as T;

/** New connections until one lands on each of `count` different processes; returns a kept connection per process. */
async function connectionsToEachProcess(base: string, count: number): Promise<Map<number, Agent>> {
  const byPid = new Map<number, Agent>();
  await until(`${count} processes answering`, async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const pid = await healthPid(base, agent);
    if (byPid.has(pid)) agent.destroy();
    else byPid.set(pid, agent);
    return byPid.size >= count ? true : undefined;
  });
  return byPid;
}

describe.skipIf(!testDatabaseUrl)('WEB_CONCURRENCY=2 on PostgreSQL', () => {
  it('serves from two processes that see each other’s catalogue changes, replaces one that dies and stops them all on SIGTERM', async () => {
    // As `npm start` runs it: the built server (`server/cli/start.js`), whose API processes run the same build.
    const server = await spawnServer({ DATABASE_URL: testDatabaseUrl!, DATABASE_SCHEMA: schema, SEED_PRODUCTS: '200', ADMIN_TOKEN, WEB_CONCURRENCY: '2' }, 120_000, 'server/cli/start.js');
    processes.push(server);
    const connections = await connectionsToEachProcess(server.url, 2);
    const [[writerPid, writer], [readerPid, reader]] = [...connections] as [[number, Agent], [number, Agent]];
    expect(new Set([writerPid, readerPid, server.child.pid]).size).toBe(3);

    // Through one process: a product import. Through the other: the catalogue query that finds it.
    const search = { type: 'product', searchQuery: { _searchText: 'numbat' } };
    const before = await call<{ result: { total: number } }>(server.url, reader, 'POST', '/api/catalog', search);
    expect(before.body.result.total).toBe(0);
    const existing = await call<{ result: { items: Record<string, unknown>[] } }>(server.url, writer, 'POST', '/api/catalog', { size: 1 });
    const product = { ...existing.body.result.items[0], id: 992001, sku: 'WC-NUMBAT-1', name: 'Numbat Frame Fixing 10x100', url_key: 'numbat', url_path: 'numbat' };
    const imported = await call(server.url, writer, 'POST', '/api/catalog/import', { products: [product] }, { 'x-admin-token': ADMIN_TOKEN });
    expect(imported.status).toBe(200);
    const skus = await until('the other process to serve the imported product', async () => {
      const found = await call<{ result: { items: { sku: string }[] } }>(server.url, reader, 'POST', '/api/catalog', search);
      expect(await healthPid(server.url, reader)).toBe(readerPid);
      return found.body.result.items.length > 0 ? found.body.result.items.map((i) => i.sku) : undefined;
    });
    expect(skus).toContain('WC-NUMBAT-1');
    for (const agent of connections.values()) agent.destroy();

    // A process that dies is replaced.
    process.kill(writerPid, 'SIGKILL');
    const replacement = await until('a replacement process', async () => {
      const pid = await healthPid(server.url, false).catch(() => undefined);
      return pid !== undefined && pid !== writerPid && pid !== readerPid ? pid : undefined;
    });
    expect(alive(writerPid)).toBe(false);

    // SIGTERM stops the supervisor and every API process.
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
    server.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    await until('the API processes to exit', async () => (alive(readerPid) || alive(replacement) ? undefined : true), 10_000);
  }, scaled(180_000));
});

describe('WEB_CONCURRENCY=2 on the embedded database', () => {
  it('serves from one process and says that several need DATABASE_URL', async () => {
    const dataDir = await mkdtemp(path.join(TMP_ROOT, 'wc-'));
    folders.push(dataDir);
    const server = await spawnServer({ DATA_DIR: dataDir, SEED_PRODUCTS: '50', WEB_CONCURRENCY: '2' });
    processes.push(server);
    expect(await healthPid(server.url, false)).toBe(server.child.pid);
    expect(await healthPid(server.url, false)).toBe(server.child.pid);
    // Said once the server is up, so it may come just after the first answers.
    await expect.poll(() => server.output(), { timeout: scaled(10_000) }).toMatch(/one API process: the embedded database \(PGlite\) can only be opened by one process\. Set DATABASE_URL/);
  });
});
