import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * A webhook's signing secret is shown once, in the reply that creates the endpoint. The
 * Idempotency-Key table must not keep it: a retry with the key gets a 409 naming the endpoint.
 */
let server: TestServer;
let admin: Record<string, string>;
beforeAll(async () => {
  server = await startTestServer();
  admin = { authorization: `Bearer ${server.ctx.adminToken}` };
});
afterAll(async () => {
  await server?.close();
});

describe('POST /api/admin/webhooks with an Idempotency-Key', () => {
  it('keeps no secret in the idempotency table, and answers a retry with 409 naming the endpoint it created', async () => {
    const body = { url: 'http://127.0.0.1:9/hook', description: 'ERP' };
    const headers = { ...admin, 'idempotency-key': `webhook-${Date.now()}` };
    const first = await server.request<{ id: number; secret: string }>('POST', '/api/admin/webhooks', body, headers);
    expect(first.status).toBe(200);
    const secret = first.body.result.secret;
    expect(secret).toMatch(/^whsec_/);

    const stored = await server.ctx.db.query<{ reply: unknown }>('select reply from idempotency_keys');
    expect(JSON.stringify(stored)).not.toContain(secret);

    const retry = await server.request('POST', '/api/admin/webhooks', body, headers);
    expect(retry.status).toBe(409);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body.meta).toEqual({ idempotency: 'secret-not-kept', endpointId: first.body.result.id });
    expect(retry.body.result).toContain(`DELETE /api/admin/webhooks/${first.body.result.id}`);
    expect(JSON.stringify(retry.body)).not.toContain(secret);

    const endpoints = await server.request<{ id: number }[]>('GET', '/api/admin/webhooks', undefined, admin);
    expect(endpoints.body.result.filter((e) => e.id === first.body.result.id)).toHaveLength(1);
    expect(endpoints.body.result, 'the retry created nothing').toHaveLength(1);
  });
});
