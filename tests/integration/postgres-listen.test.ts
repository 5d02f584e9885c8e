import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenApplicationName } from '../../server/db/postgres-database';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { testDatabaseUrl } from '../helpers/test-config';
import { scaled } from '../helpers/time-limits';

describe.skipIf(!testDatabaseUrl)('LISTEN on PostgreSQL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('hears notifications again after its listen connection is killed', async () => {
    const channel = server.ctx.db.channel('listen_test');
    const heard: string[] = [];
    await server.ctx.db.listen(channel, (payload) => heard.push(payload));
    await server.ctx.db.query('select pg_notify($1, $2)', [channel, 'before']);
    await expect.poll(() => heard, { timeout: scaled(5000) }).toContain('before');

    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    try {
      // The listen connection of this test server's schema (other test servers may run beside it).
      const killed = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [listenApplicationName(server.ctx.config.databaseSchema)]);
      expect(killed.rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    let n = 0;
    await expect
      .poll(
        async () => {
          await server.ctx.db.query('select pg_notify($1, $2)', [channel, `after-${++n}`]);
          return heard.some((p) => p.startsWith('after-'));
        },
        { timeout: 15_000, interval: 250 },
      )
      .toBe(true);
  });
});
