import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer, type ServerProcess } from '../helpers/spawn-server';
import { REPO_ROOT, TMP_ROOT, testDatabaseUrl } from '../helpers/test-config';
import { waitUntil } from '../helpers/wait-until';
import { orderPayload } from '../reliability/helpers/shop-fixtures';
import { scaled } from '../helpers/time-limits';

const run = promisify(execFile);
const ADMIN_TOKEN = 'db-backup-test-owner';
const SKU = 'BACKUP-ANCHOR-1';
const servers: ServerProcess[] = [];
const dirs: string[] = [];

/** The command as a shop owner runs it on the embedded database in `dataDir`. */
function cli(script: 'db-backup' | 'db-restore', args: string[], dataDir: string, env: Record<string, string> = {}) {
  return run(process.execPath, ['--import', 'tsx', `server/cli/${script}.ts`, ...args], { cwd: REPO_ROOT, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ...env }, timeout: 120_000 });
}

async function tempDir(name: string): Promise<string> {
  const dir = await mkdtemp(path.join(TMP_ROOT, `${name}-`));
  dirs.push(dir);
  return dir;
}

async function start(dataDir: string): Promise<ServerProcess> {
  const server = await spawnServer({ DATA_DIR: dataDir, SEED_PRODUCTS: '50', ADMIN_TOKEN });
  servers.push(server);
  return server;
}

const admin = (extra: Record<string, string> = {}) => ({ authorization: `Bearer ${ADMIN_TOKEN}`, ...extra });

async function adminOrder(url: string, orderId: string): Promise<number> {
  return (await fetch(`${url}/api/admin/orders/${orderId}`, { headers: admin() })).status;
}

interface Placed {
  orderId: string;
  status: number;
  sentAt: number;
  answeredAt: number;
}

/** Guest orders, `lanes` at a time, until `stop()`: each with when it was sent and answered. */
function orderStream(url: string, lanes: number) {
  const placed: Placed[] = [];
  let stopped = false;
  let next = 0;
  const lane = async () => {
    while (!stopped) {
      const n = next++;
      const orderId = `backup-stream-${n}`;
      const sentAt = Date.now();
      const status = await fetch(`${url}/api/order`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(orderPayload(orderId, [SKU], `backup.${n}@example.com`)) }).then(
        (r) => r.status,
        () => 0,
      );
      placed.push({ orderId, status, sentAt, answeredAt: Date.now() });
    }
  };
  const running = Promise.all(Array.from({ length: lanes }, lane));
  return {
    placed,
    ok: () => placed.filter((p) => p.status === 200),
    stop: async () => {
      stopped = true;
      await running;
    },
  };
}

let shop: ServerProcess;
let shopDir: string;

beforeAll(async () => {
  shopDir = await tempDir('backup-shop');
  shop = await start(shopDir);
  const product = { id: 996_001, sku: SKU, name: 'Backup Sleeve Anchor M10', slug: 'backup-anchor', type_id: 'simple', status: 1, visibility: 4, price: 4.5, tax_class_id: 2, stock: { is_in_stock: true, qty: 1_000_000, manage_stock: true } };
  const imported = await fetch(`${shop.url}/api/catalog/import`, { method: 'POST', headers: admin({ 'content-type': 'application/json' }), body: JSON.stringify({ products: [product] }) });
  expect(imported.status, await imported.text()).toBe(200);
}, scaled(120_000));

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe.skipIf(Boolean(testDatabaseUrl))('npm run db:backup and db:restore (embedded database)', () => {
  const file = () => path.join(shopDir, 'shop.backup');

  it('backs up while orders stream in; restored into a fresh folder, every order answered before is there and the shop serves', async () => {
    const stream = orderStream(shop.url, 3);
    try {
      await waitUntil(() => stream.ok().length >= 15, 30_000, '15 orders answered');
      const backupStarted = Date.now();
      const answeredBefore = stream.ok().filter((p) => p.answeredAt < backupStarted);
      const { stdout, stderr } = await cli('db-backup', [file()], shopDir);
      const backupEnded = Date.now();
      expect(stdout).toMatch(/Backed up .* through the running shop \(its database paused \d+ ms\)/);
      expect(stderr).toMatch(/Writing .*shop\.backup: [\d.]+ MB of [\d.]+ MB \(100%\)/);
      // The shop kept taking orders while the copy was made and sent.
      expect(stream.ok().filter((p) => p.sentAt > backupStarted && p.answeredAt < backupEnded).length).toBeGreaterThan(0);
      await waitUntil(() => stream.ok().some((p) => p.sentAt > backupEnded), 30_000, 'an order sent after the backup answered');
      await stream.stop();

      const restoredDir = await tempDir('backup-restored');
      const restore = await cli('db-restore', [file()], restoredDir);
      expect(restore.stdout).toMatch(/Restored .* \d+ orders/);
      expect(await readdir(restoredDir)).toEqual(['pg']);

      const restored = await start(restoredDir);
      for (const order of answeredBefore) expect(await adminOrder(restored.url, order.orderId), order.orderId).toBe(200);
      // A copy of one moment: orders sent after the backup had finished are not in it.
      for (const order of stream.ok().filter((p) => p.sentAt > backupEnded)) expect(await adminOrder(restored.url, order.orderId), order.orderId).toBe(404);
      // It serves and takes orders, numbered after the restored ones (the order number sequence came back too).
      const numbers = await Promise.all(
        answeredBefore.map(async (p) => ((await (await fetch(`${restored.url}/api/admin/orders/${p.orderId}`, { headers: admin() })).json()) as { result: { increment_id: string } }).result.increment_id),
      );
      const fresh = await fetch(`${restored.url}/api/order`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(orderPayload('backup-after-restore', [SKU], 'after.restore@example.com')) });
      const reply = (await fresh.json()) as { result: { increment_id: string } };
      expect(fresh.status, JSON.stringify(reply)).toBe(200);
      expect(Number(reply.result.increment_id)).toBeGreaterThan(Math.max(...numbers.map(Number)));
      const stock = (await (await fetch(`${restored.url}/api/stock/list?skus=${SKU}`)).json()) as { result: { qty: number }[] };
      expect(Number(stock.result[0]?.qty)).toBeLessThan(1_000_000);
      await restored.stop();
      expect(existsSync(path.join(restoredDir, 'server.json'))).toBe(false);
    } finally {
      await stream.stop();
    }
  }, scaled(240_000));

  it('refuses a running shop, a folder holding a database without --force, and a file that is not a whole backup of ours; nothing changes', async () => {
    const target = await tempDir('backup-refusals');
    const ordered = await fetch(`${shop.url}/api/order`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(orderPayload('backup-refusals-1', [SKU], 'refusals@example.com')) });
    expect(ordered.status).toBe(200);
    const file = path.join(shopDir, 'refusals.backup');
    await cli('db-backup', [file], shopDir);
    await expect(cli('db-restore', [file], shopDir)).rejects.toMatchObject({ stderr: expect.stringContaining('The shop is running') });
    expect((await fetch(`${shop.url}/api/health`)).status).toBe(200);

    await cli('db-restore', [file], target);
    const before = (await stat(path.join(target, 'pg', 'PG_VERSION'))).mtimeMs;
    await expect(cli('db-restore', [file], target)).rejects.toMatchObject({ stderr: expect.stringContaining('holds a database: add --force') });

    const whole = await readFile(file);
    const cut = path.join(target, 'cut.backup');
    await writeFile(cut, whole.subarray(0, whole.length - 1000));
    await expect(cli('db-restore', [cut, '--force'], target)).rejects.toMatchObject({ stderr: expect.stringContaining('is cut short') });
    const flipped = Buffer.from(whole);
    flipped[flipped.length - 5000] = flipped[flipped.length - 5000]! ^ 0xff;
    const damaged = path.join(target, 'damaged.backup');
    await writeFile(damaged, flipped);
    await expect(cli('db-restore', [damaged, '--force'], target)).rejects.toMatchObject({ stderr: expect.stringContaining('is damaged') });
    const foreign = path.join(target, 'notes.txt');
    await writeFile(foreign, 'not a backup\n');
    await expect(cli('db-restore', [foreign, '--force'], target)).rejects.toMatchObject({ stderr: expect.stringContaining('is not a backup of this shop') });
    expect((await readdir(target)).sort()).toEqual(['cut.backup', 'damaged.backup', 'notes.txt', 'pg']);
    expect((await stat(path.join(target, 'pg', 'PG_VERSION'))).mtimeMs).toBe(before);

    const forced = await cli('db-restore', [file, '--force'], target);
    expect(forced.stdout).toContain('The database it replaced is kept in');
    expect((await readdir(target)).filter((name) => name.startsWith('pg.before-restore-'))).toHaveLength(1);

    // A stopped shop is copied straight from its folder, and that copy restores to the same orders.
    const stopped = await cli('db-backup', [path.join(target, 'stopped.backup')], target);
    expect(stopped.stdout).toContain('from the stopped shop');
    const again = await cli('db-restore', [path.join(target, 'stopped.backup')], await tempDir('backup-stopped'));
    const orders = (text: string) => /: (\d+) orders/.exec(text)?.[1];
    expect(orders(again.stdout)).toBe(orders(forced.stdout));
    expect(orders(forced.stdout)).toMatch(/^[1-9]/);

    await expect(cli('db-backup', [file], shopDir)).rejects.toMatchObject({ stderr: expect.stringContaining('already exists: choose another name, or add --force') });
  }, scaled(240_000));

  it('needs the backup scope: a token for packing orders may not take one', async () => {
    const make = async (scopes: string[]) => {
      const reply = await fetch(`${shop.url}/api/admin/tokens`, { method: 'POST', headers: admin({ 'content-type': 'application/json' }), body: JSON.stringify({ name: `backup ${scopes.join()}`, scopes }) });
      return ((await reply.json()) as { result: { token: string } }).result.token;
    };
    const packing = await fetch(`${shop.url}/api/admin/backup`, { headers: { authorization: `Bearer ${await make(['orders:read', 'orders:write'])}` } });
    expect(packing.status).toBe(403);
    expect(((await packing.json()) as { result: string }).result).toBe('This admin token does not have the "backup" scope.');
    const backup = await fetch(`${shop.url}/api/admin/backup`, { headers: { authorization: `Bearer ${await make(['backup'])}` } });
    expect(backup.status).toBe(200);
    expect(backup.headers.get('content-type')).toBe('application/vnd.fixings-shop.backup');
    expect(backup.headers.get('content-encoding')).toBeNull();
    const bytes = Buffer.from(await backup.arrayBuffer());
    expect(bytes.length).toBe(Number(backup.headers.get('content-length')));
    expect(JSON.parse(bytes.subarray(0, bytes.indexOf(0x0a)).toString())).toMatchObject({ format: 'fixings-shop-backup', version: 1, database: 'pglite' });
    expect((await fetch(`${shop.url}/api/admin/backup`)).status).toBe(401);
  }, scaled(60_000));
});

describe('with DATABASE_URL', () => {
  it('both commands point to pg_dump and touch nothing', async () => {
    const dir = await tempDir('backup-pg');
    for (const script of ['db-backup', 'db-restore'] as const) {
      await expect(cli(script, [path.join(dir, 'x.backup')], dir, { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' })).rejects.toMatchObject({ stderr: expect.stringContaining('pg_dump --format=custom') });
    }
    expect(await readdir(dir)).toEqual([]);
  }, scaled(60_000));
});
