import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { orderPayload, placeOrder, saleableSkus } from '../reliability/helpers/shop-fixtures';

const run = promisify(execFile);
let server: TestServer;

/** The command as a shop owner runs it, pointed at the test server's database (or, on PGlite, at the running server). */
async function cli(script: string, args: string[]): Promise<{ stdout: string; stderr: string }> {
  const env = { ...process.env, DATA_DIR: server.ctx.config.dataDir, DATABASE_URL: server.ctx.config.databaseUrl ?? '', DATABASE_SCHEMA: server.ctx.config.databaseSchema };
  return run(process.execPath, ['--import', 'tsx', `server/cli/${script}.ts`, ...args], { env, timeout: 60_000 });
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('npm run admin:token', () => {
  it('creates a token that the running shop accepts, lists it and revokes it', async () => {
    const created = await cli('admin-token', ['--name', 'Packing station']);
    const token = /(fxa_[A-Za-z0-9_-]+)/.exec(created.stdout)?.[1];
    expect(token, created.stdout).toBeDefined();
    const bearer = { authorization: `Bearer ${token}` };
    expect((await server.request('GET', '/api/admin/orders', undefined, bearer)).status).toBe(200);
    const listed = await cli('admin-token', ['--list']);
    expect(listed.stdout).toMatch(/\d+\tPacking station\tall scopes\tcreated /);
    expect(listed.stdout).not.toContain(token);
    expect((await cli('admin-token', ['--revoke', 'Packing station'])).stdout).toContain('Revoked admin token');
    expect((await server.request('GET', '/api/admin/orders', undefined, bearer)).status).toBe(403);
  });

  it('limits a token to the scopes asked for: a packing token reads and moves orders, nothing else', async () => {
    const created = await cli('admin-token', ['--name', 'Packing bench', '--scope', 'orders:read,orders:write']);
    expect(created.stdout).toContain('scopes orders:read, orders:write');
    const bearer = { authorization: `Bearer ${/(fxa_[A-Za-z0-9_-]+)/.exec(created.stdout)![1]}` };
    expect((await server.request('GET', '/api/admin/orders', undefined, bearer)).status).toBe(200);
    const webhooks = await server.request<string>('GET', '/api/admin/webhooks', undefined, bearer);
    expect(webhooks.status).toBe(403);
    expect(webhooks.body.result).toBe('This admin token does not have the "webhooks" scope.');
    expect((await cli('admin-token', ['--list'])).stdout).toMatch(/\d+\tPacking bench\torders:read,orders:write\tcreated /);
    await expect(cli('admin-token', ['--name', 'x', '--scope', 'orders:read,everything'])).rejects.toMatchObject({ stderr: expect.stringContaining('Unknown scope "everything"') });
  });

  it('explains its usage instead of guessing', async () => {
    await expect(cli('admin-token', [])).rejects.toMatchObject({ stderr: expect.stringContaining('npm run admin:token -- --name NAME') });
  });
});

describe('npm run orders:export', () => {
  it('writes the orders since a date as CSV, one row per line, oldest first', async () => {
    const [a, b] = await saleableSkus(server, 2);
    const first = await placeOrder(server, orderPayload(`export-1-${Date.now()}`, [a!, b!], 'export.one@example.com'));
    const second = await placeOrder(server, orderPayload(`export-2-${Date.now()}`, [a!], 'export.two@example.com'));
    const since = new Date(Date.now() - 60_000).toISOString();
    const { stdout } = await cli('orders-export', ['--since', since]);
    const rows = parse<Record<string, string>>(stdout, { columns: true });
    const mine = rows.filter((r) => r.email?.startsWith('export.'));
    expect(mine.map((r) => [r.order_number, r.sku])).toEqual([
      [first.increment_id, a],
      [first.increment_id, b],
      [second.increment_id, a],
    ]);
    const json = JSON.parse((await cli('orders-export', ['--since', since, '--format', 'json'])).stdout) as { order_id: string }[];
    expect(json.map((o) => o.order_id)).toEqual(expect.arrayContaining([first.order_id, second.order_id]));
    await expect(cli('orders-export', ['--since', 'last week'])).rejects.toMatchObject({ stderr: expect.stringContaining('--since: Must be a date or time') });
  });
});
