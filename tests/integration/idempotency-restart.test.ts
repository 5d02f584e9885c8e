import { cp, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { TMP_ROOT, testDatabaseUrl } from '../helpers/test-config';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * A request cut off by a server crash leaves its Idempotency-Key claimed and no reply stored. PGlite's
 * data folder belongs to one process, so the next start gives such claims up: the shopper's retry runs
 * at once instead of hearing "still being processed" for the claim's 5-minute lease.
 */
const servers: TestServer[] = [];
let dataDir: string | undefined;

afterAll(async () => {
  for (const server of servers) await server.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe.skipIf(Boolean(testDatabaseUrl))('a claim left by a crash (PGlite)', () => {
  it('answers "still being processed" until the server starts again, then runs the retry', async () => {
    dataDir = await mkdtemp(path.join(TMP_ROOT, 'claims-'));
    await cp(inject('pgliteTemplate'), dataDir, { recursive: true });
    const key = `crash-${Date.now()}`;
    const first = await startTestServer({ dataDir });
    servers.push(first);
    const created = await first.request<string>('POST', '/api/cart/create', undefined, { 'idempotency-key': key });
    expect(created.status).toBe(200);
    // The process died after claiming the key and before storing the reply.
    await first.ctx.db.query("update idempotency_keys set state = 'pending', reply = null, reply_code = null where key = $1", [key]);
    const meanwhile = await first.request('POST', '/api/cart/create', undefined, { 'idempotency-key': key });
    expect(meanwhile.body.meta).toEqual({ idempotency: 'in-progress' });
    await first.close();
    servers.pop();

    const second = await startTestServer({ dataDir });
    servers.push(second);
    const retry = await second.request<string>('POST', '/api/cart/create', undefined, { 'idempotency-key': key });
    expect(retry.status).toBe(200);
    expect(retry.body.code).toBe(200);
    expect(typeof retry.body.result).toBe('string');
    const [row] = await second.ctx.db.query<{ state: string }>('select state from idempotency_keys where key = $1', [key]);
    expect(row?.state).toBe('done');
  });
});
