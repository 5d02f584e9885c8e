import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsState } from '../../server/ops/ops-state';
import { startTestServer, type TestServer } from '../helpers/test-server';

/** GET /api/ready: 200 only when the process can serve; 503 with the reasons otherwise. */
let server: TestServer;
type Ready = { status: string; reasons?: string[]; pid: number };

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('GET /api/ready', () => {
  it('is 200 once the server has started', async () => {
    const reply = await server.request<Ready>('GET', '/api/ready');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ code: 200, result: expect.objectContaining({ status: 'ready', pid: process.pid }) });
  });

  it('is 503 naming a migration the database lacks, and 200 again once it is applied', async () => {
    const [last] = await server.ctx.db.query<{ name: string; applied_at: string }>('select name, applied_at from schema_migrations order by name desc limit 1');
    await server.ctx.db.query('delete from schema_migrations where name = $1', [last!.name]);
    try {
      const reply = await server.request<Ready>('GET', '/api/ready');
      expect(reply.status).toBe(503);
      expect(reply.body.code).toBe(503);
      expect(reply.body.result.reasons).toEqual([`migrations not applied: ${last!.name}`]);
      // Liveness is unaffected: the process is up, it just should not be sent traffic.
      expect((await server.request('GET', '/api/health')).status).toBe(200);
    } finally {
      await server.ctx.db.query('insert into schema_migrations (name, applied_at) values ($1, $2)', [last!.name, last!.applied_at]);
    }
    expect((await server.request('GET', '/api/ready')).status).toBe(200);
  });

  it('is 503 while starting and while shutting down', async () => {
    const state = opsState(server.app);
    for (const [phase, reason] of [['starting', 'starting'], ['stopping', 'shutting down']] as const) {
      state.phase = phase;
      try {
        const reply = await server.request<Ready>('GET', '/api/ready');
        expect(reply.status).toBe(503);
        expect(reply.body.result).toMatchObject({ status: 'not ready', reasons: [reason] });
      } finally {
        state.phase = 'serving';
      }
    }
    expect((await server.request('GET', '/api/ready')).status).toBe(200);
  });
});
