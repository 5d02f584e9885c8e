import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';

/** Changing a password, and the reset link flow (single use, one hour). */
let server: TestServer;
const PASSWORD = 'Sup3r-secret';

async function register(email: string) {
  const reply = await server.request('POST', '/api/user/create', { customer: { email, firstname: 'Ann', lastname: 'Lee' }, password: PASSWORD });
  expect(reply.status).toBe(200);
}

const login = (username: string, password: string) => server.request<string>('POST', '/api/user/login', { username, password });

async function session(email: string, password = PASSWORD) {
  const reply = await login(email, password);
  expect(reply.status).toBe(200);
  return { auth: { authorization: `Bearer ${reply.body.result}` }, refreshToken: reply.body.meta!.refreshToken as string };
}

/** The token inside the last reset mail to this address. */
async function resetTokenFromMail(email: string): Promise<string> {
  const rows = await server.ctx.db.query<{ text: string }>('select text from mail_outbox where to_address = $1 order by id desc limit 1', [email]);
  const link = /\/create-password\?email=([^&\s]+)&token=([\w-]+)/.exec(rows[0]?.text ?? '');
  expect(link, 'reset mail with a link').not.toBeNull();
  expect(decodeURIComponent(link![1]!)).toBe(email);
  return link![2]!;
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('POST /api/user/change-password', () => {
  it('changes the password and ends earlier sessions', async () => {
    await register('change.ok@example.com');
    const old = await session('change.ok@example.com');
    const reply = await server.request('POST', '/api/user/change-password', { currentPassword: PASSWORD, newPassword: 'N3w-password' }, old.auth);
    expect(reply.status).toBe(200);
    expect((await login('change.ok@example.com', PASSWORD)).status).toBe(401);
    const fresh = await session('change.ok@example.com', 'N3w-password');
    expect((await server.request('GET', '/api/user/me', undefined, fresh.auth)).status).toBe(200);
    expect((await server.request('POST', '/api/user/refresh', { refreshToken: old.refreshToken })).status).toBe(401);
    expect((await server.request('POST', '/api/user/refresh', { refreshToken: fresh.refreshToken })).status).toBe(200);
    const told = await server.ctx.db.query<{ subject: string }>('select subject from mail_outbox where to_address = $1', ['change.ok@example.com']);
    expect(told.map((m) => m.subject)).toEqual(['The password of your account was changed']);
  });

  it("refuses a wrong current password with the server's message, and a short new one", async () => {
    await register('change.bad@example.com');
    const { auth } = await session('change.bad@example.com');
    const wrong = await server.request('POST', '/api/user/change-password', { currentPassword: 'not-it-at-all', newPassword: 'N3w-password' }, auth);
    expect(wrong.status).toBe(400);
    expect(wrong.body.result).toBe("The password doesn't match this account.");
    const short = await server.request('POST', '/api/user/change-password', { currentPassword: PASSWORD, newPassword: 'short' }, auth);
    expect(short.status).toBe(400);
    expect(short.body.result).toBe('newPassword: Password must have at least 8 letters.');
    const missing = await server.request('POST', '/api/user/change-password', { newPassword: 'N3w-password' }, auth);
    expect(missing.status).toBe(400);
    expect(missing.body.result).toContain('currentPassword');
    expect((await login('change.bad@example.com', PASSWORD)).status).toBe(200);
  });

  it('refuses an access token issued before the last password change', async () => {
    await register('change.stale@example.com');
    const { auth } = await session('change.stale@example.com');
    expect((await server.request('GET', '/api/user/me', undefined, auth)).status).toBe(200);
    // Tokens carry whole seconds, so the change is dated a moment later than this token.
    await server.ctx.db.query("update customers set tokens_valid_from = now() + interval '2 seconds' where email = $1", ['change.stale@example.com']);
    const stale = await server.request('GET', '/api/user/me', undefined, auth);
    expect(stale.status).toBe(401);
  });

  it('needs a token', async () => {
    expect((await server.request('POST', '/api/user/change-password', { currentPassword: PASSWORD, newPassword: 'N3w-password' })).status).toBe(401);
  });
});

describe('password reset', () => {
  it('mails a link; the token sets a new password once, and old sessions end', async () => {
    const email = 'reset.ok@example.com';
    await register(email);
    const old = await session(email);
    const reply = await server.request('POST', '/api/user/reset-password', { email: 'Reset.OK@example.com' });
    expect(reply.status).toBe(200);
    const token = await resetTokenFromMail(email);
    const rows = await server.ctx.db.query<{ n: number }>('select count(*)::int as n from password_reset_tokens where token_hash = $1', [token]);
    expect(rows[0]!.n).toBe(0); // only a digest is stored
    const done = await server.request('POST', '/api/user/create-password', { email, newPassword: 'Reset-pass-1', resetToken: token });
    expect(done.status).toBe(200);
    expect((await login(email, 'Reset-pass-1')).status).toBe(200);
    expect((await login(email, PASSWORD)).status).toBe(401);
    expect((await server.request('POST', '/api/user/refresh', { refreshToken: old.refreshToken })).status).toBe(401);
    const again = await server.request('POST', '/api/user/create-password', { email, newPassword: 'Reset-pass-2', resetToken: token });
    expect(again.status).toBe(400);
    expect(again.body.result).toBe('Reset token is invalid or has expired');
    expect((await login(email, 'Reset-pass-1')).status).toBe(200);
  });

  it('refuses an expired token, another address, and an older link once a newer one is sent', async () => {
    const email = 'reset.expiry@example.com';
    await register(email);
    await register('reset.other@example.com');
    await server.request('POST', '/api/user/reset-password', { email });
    const first = await resetTokenFromMail(email);
    await server.request('POST', '/api/user/reset-password', { email });
    const second = await resetTokenFromMail(email);
    expect(second).not.toBe(first);
    const stale = await server.request('POST', '/api/user/create-password', { email, newPassword: 'Reset-pass-1', resetToken: first });
    expect(stale.body).toEqual({ code: 400, result: 'Reset token is invalid or has expired' });
    const elsewhere = await server.request('POST', '/api/user/create-password', { email: 'reset.other@example.com', newPassword: 'Reset-pass-1', resetToken: second });
    expect(elsewhere.status).toBe(400);
    await server.ctx.db.query("update password_reset_tokens set expires_at = now() - interval '1 second' where used_at is null and customer_id = (select id from customers where email = $1)", [email]);
    const expired = await server.request('POST', '/api/user/create-password', { email, newPassword: 'Reset-pass-1', resetToken: second });
    expect(expired.body).toEqual({ code: 400, result: 'Reset token is invalid or has expired' });
    expect((await login(email, PASSWORD)).status).toBe(200);
    expect((await login('reset.other@example.com', PASSWORD)).status).toBe(200);
  });

  it('says when the e-mail has no account, and validates input', async () => {
    const unknown = await server.request('POST', '/api/user/reset-password', { email: 'nobody@example.com' });
    expect(unknown.body).toEqual({ code: 400, result: 'Provided email does not exist' });
    expect(await server.ctx.db.query('select 1 from mail_outbox where to_address = $1', ['nobody@example.com'])).toHaveLength(0);
    const bad = await server.request('POST', '/api/user/reset-password', { email: 'nope' });
    expect(bad.body).toEqual({ code: 400, result: 'email: Please provide valid e-mail address.' });
    const short = await server.request('POST', '/api/user/create-password', { email: 'a@b.example', newPassword: 'short', resetToken: 'x' });
    expect(short.body).toEqual({ code: 400, result: 'newPassword: Password must have at least 8 letters.' });
  });

  it('limits reset mails per address (5 an hour)', async () => {
    const email = 'reset.limit@example.com';
    await register(email);
    for (let i = 0; i < 5; i++) expect((await server.request('POST', '/api/user/reset-password', { email })).status).toBe(200);
    const sixth = await server.request('POST', '/api/user/reset-password', { email });
    expect(sixth.status).toBe(429);
    expect(sixth.body.result).toMatch(/^Too many requests\. Try again in (59|60) minutes\.$/);
    const mails = await server.ctx.db.query('select 1 from mail_outbox where to_address = $1', [email]);
    expect(mails).toHaveLength(5);
  });
});
