import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN_MISSING } from '../../server/http/owner-only';
import { ADMIN_TOKEN_REQUIRED_FOR_MAIL } from '../../server/mail/mail-outbox-routes';
import { startTestServer, type TestServer } from '../helpers/test-server';

/** GET /api/admin/mail-outbox: the owner reads queued mail (reset links); nobody else does. */
let server: TestServer;
const EMAIL = 'outbox.reader@example.com';
const outbox = (to: string, headers: Record<string, string> = {}) =>
  server.request<{ to: string; subject: string; text: string }[]>('GET', `/api/admin/mail-outbox?to=${encodeURIComponent(to)}`, undefined, headers);

beforeAll(async () => {
  server = await startTestServer();
  await server.request('POST', '/api/user/create', { customer: { email: EMAIL, firstname: 'Ann', lastname: 'Lee' }, password: 'Sup3r-secret' });
  expect((await server.request('POST', '/api/user/reset-password', { email: EMAIL })).status).toBe(200);
});
afterAll(async () => {
  await server?.close();
});

describe('GET /api/admin/mail-outbox', () => {
  it('refuses a caller without the admin token, or with a wrong one, and shows nothing', async () => {
    for (const headers of [{}, { 'x-admin-token': '' }] as Record<string, string>[]) {
      const reply = await outbox(EMAIL, headers);
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual({ code: 401, result: ADMIN_TOKEN_MISSING });
    }
    for (const headers of [{ 'x-admin-token': 'guess' }, { authorization: 'Bearer fxa_guess' }] as Record<string, string>[]) {
      const reply = await outbox(EMAIL, headers);
      expect(reply.status).toBe(403);
      expect(reply.body).toEqual({ code: 403, result: ADMIN_TOKEN_REQUIRED_FOR_MAIL });
    }
  });

  it('a signed-in customer is refused too (only the owner token counts)', async () => {
    const token = (await server.request<string>('POST', '/api/user/login', { username: EMAIL, password: 'Sup3r-secret' })).body.result;
    const reply = await outbox(EMAIL, { authorization: `Bearer ${token}` });
    expect(reply.status).toBe(403);
  });

  it('gives the owner the reset mail with its link but never its secret, for that address only', async () => {
    const reply = await outbox(EMAIL.toUpperCase(), { 'x-admin-token': server.ctx.adminToken });
    expect(reply.status).toBe(200);
    expect(reply.body.result).toHaveLength(1);
    expect(reply.body.result[0]).toMatchObject({ to: EMAIL, subject: 'Reset your password' });
    expect(reply.body.result[0]!.text).toMatch(/\/create-password\?email=.+&token=\[hidden\]\n/);
    const [stored] = await server.ctx.db.query<{ text: string }>('select text from mail_outbox where to_address = $1', [EMAIL]);
    const secret = /&token=([\w-]+)/.exec(stored!.text)![1]!;
    expect(JSON.stringify(reply.body)).not.toContain(secret);
    const other = await outbox('someone.else@example.com', { 'x-admin-token': server.ctx.adminToken });
    expect(other.body.result).toEqual([]);
  });

  it('needs a valid address', async () => {
    expect((await outbox('not-an-address', { 'x-admin-token': server.ctx.adminToken })).status).toBe(400);
  });

  it('is listed in the OpenAPI document', async () => {
    const doc = await server.request<unknown>('GET', '/api/openapi.json');
    expect(JSON.stringify(doc.body)).toContain('/api/admin/mail-outbox');
  });
});
