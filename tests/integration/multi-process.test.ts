import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openSse } from '../helpers/sse';
import { spawnServer, type ServerProcess } from '../helpers/spawn-server';
import { testDatabaseUrl } from '../helpers/test-config';

const processes: ServerProcess[] = [];
const schema = `mp_${randomBytes(5).toString('hex')}`;

afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  if (testDatabaseUrl) {
    const client = new pg.Client({ connectionString: testDatabaseUrl });
    await client.connect();
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.end();
  }
});

describe.skipIf(!testDatabaseUrl)('two API processes on one PostgreSQL', () => {
  it('hears a catalogue change made through the other process', async () => {
    const env = { DATABASE_URL: testDatabaseUrl!, DATABASE_SCHEMA: schema, SEED_PRODUCTS: '200', ADMIN_TOKEN: 'multi-process-test' };
    // Both start at once: migrations and the seed take an advisory lock, so they run once.
    const [a, b] = await Promise.all([spawnServer(env), spawnServer(env)]);
    processes.push(a, b);

    const stream = await openSse(`${b.url}/api/catalog/stream`);
    try {
      await stream.waitFor((e) => e.event === 'ready');
      const existing = (await (await fetch(`${a.url}/api/catalog`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ size: 1 }) })).json()) as { result: { items: Record<string, unknown>[] } };
      const product = { ...existing.result.items[0], id: 991001, sku: 'MP-WOMBAT-1', name: 'Wombat Sleeve Anchor M8', url_key: 'wombat', url_path: 'wombat' };
      const imported = await fetch(`${a.url}/api/catalog/import`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-admin-token': 'multi-process-test' },
        body: JSON.stringify({ products: [product] }),
      });
      expect(imported.status).toBe(200);

      const change = await stream.waitFor((e) => e.event === 'change', 5000);
      expect((change.data as { entities: string[] }).entities).toContain('product');
      const found = (await (await fetch(`${b.url}/api/catalog`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ searchQuery: { _searchText: 'wombat' } }) })).json()) as { result: { items: { sku: string }[] } };
      expect(found.result.items.map((i) => i.sku)).toContain('MP-WOMBAT-1');

      const client = new pg.Client({ connectionString: testDatabaseUrl });
      await client.connect();
      const seeded = await client.query(`select count(*)::int as n from ${schema}.meta where key = 'seeded'`);
      await client.end();
      expect(seeded.rows[0].n).toBe(1);
    } finally {
      stream.close();
    }
  });
});
