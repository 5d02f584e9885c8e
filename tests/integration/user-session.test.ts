import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';

/** Login, rate limits, and rotating refresh tokens with reuse detection. */
let server: TestServer;
const PASSWORD = 'Sup3r-secret';

async function register(email: string, password = PASSWORD) {
  const reply = await server.request('POST', '/api/user/create', { customer: { email, firstname: 'Ann', lastname: 'Lee' }, password });
  expect(reply.status).toBe(200);
}

async function login(username: string, password = PASSWORD) {
  return server.request<string>('POST', '/api/user/login', { username, password });
}

async function refresh(refreshToken: string) {
  return server.request<string>('POST', '/api/user/refresh', { refreshToken });
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('POST /api/user/login', () => {
  it('returns an access token in result and a refresh token in meta; the token opens /me', async () => {
    await register('login.ok@example.com');
    const reply = await login('Login.OK@Example.com');
    expect(reply.status).toBe(200);
    expect(reply.body.code).toBe(200);
    expect(reply.body.result).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(reply.body.meta?.refreshToken).toMatch(/^[\w-]{43}$/);
    const me = await server.request<{ email: string }>('GET', '/api/user/me', undefined, { authorization: `Bearer ${reply.body.result}` });
    expect(me.body.result.email).toBe('login.ok@example.com');
  });

  it('gives the same 401 for a wrong password and an unknown e-mail', async () => {
    await register('login.wrong@example.com');
    const wrong = await login('login.wrong@example.com', 'not-the-password');
    const unknown = await login('nobody.here@example.com', 'whatever-pass');
    for (const reply of [wrong, unknown]) {
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual({ code: 401, result: 'You did not sign in correctly or your account is temporarily disabled.' });
    }
  });

  it('refuses bad input naming the field', async () => {
    const reply = await server.request<string>('POST', '/api/user/login', { username: 'a@b.example' });
    expect(reply.status).toBe(400);
    expect(reply.body.result).toMatch(/^password/);
    const extra = await server.request<string>('POST', '/api/user/login', { username: 'a@b.example', password: 'x', admin: true });
    expect(extra.status).toBe(400);
    expect(extra.body.result).toContain('admin');
  });

  it('locks an account after 5 failures: the 6th attempt is a 429 even with the right password, until the window passes', async () => {
    const email = 'login.locked@example.com';
    await register(email);
    for (let i = 0; i < 5; i++) expect((await login(email, `wrong-${i}-password`)).status).toBe(401);
    const locked = await login(email, PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body.result).toBe('Too many login attempts. Try again in 15 minutes.');
    // The window is kept in the database: age it instead of waiting 15 minutes.
    await server.ctx.db.query("update attempt_throttle set window_started_at = now() - interval '16 minutes' where key = $1", [`login:account:${email}`]);
    expect((await login(email, PASSWORD)).status).toBe(200);
  });

  it('a success resets the account counter', async () => {
    const email = 'login.reset@example.com';
    await register(email);
    for (let i = 0; i < 4; i++) expect((await login(email, 'wrong-password')).status).toBe(401);
    expect((await login(email, PASSWORD)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(email, 'wrong-password')).status).toBe(401);
    expect((await login(email, PASSWORD)).status).toBe(200);
  });

  it('limits failures per client address across accounts (20 per 15 minutes)', async () => {
    await register('login.ip@example.com');
    const key = 'login:ip:127.0.0.1';
    await server.ctx.db.query('update attempt_throttle set attempts = 20, window_started_at = now() where key = $1', [key]);
    const blocked = await login('login.ip@example.com');
    expect(blocked.status).toBe(429);
    expect(blocked.body.result).toMatch(/^Too many login attempts\. Try again in 1[45] minutes\.$/);
    await server.ctx.db.query('delete from attempt_throttle where key = $1', [key]);
    await server.ctx.db.query('delete from attempt_throttle where key = $1', ['login:account:login.ip@example.com']);
    expect((await login('login.ip@example.com')).status).toBe(200);
  });
});

describe('POST /api/user/refresh', () => {
  it('rotates: a new access token and a new refresh token; the old refresh token is refused after use', async () => {
    await register('refresh.rotate@example.com');
    const first = (await login('refresh.rotate@example.com')).body.meta!.refreshToken as string;
    const next = await refresh(first);
    expect(next.status).toBe(200);
    expect(next.body.result).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const second = next.body.meta!.refreshToken as string;
    expect(second).not.toBe(first);
    const me = await server.request('GET', '/api/user/me', undefined, { authorization: `Bearer ${next.body.result}` });
    expect(me.status).toBe(200);
    const stored = await server.ctx.db.query<{ token_hash: string }>('select token_hash from refresh_tokens');
    expect(stored.map((r) => r.token_hash)).not.toContain(first);
    expect((await refresh(second)).status).toBe(200);
  });

  it('reuse of a used token revokes the whole family: the newest token stops working too', async () => {
    await register('refresh.reuse@example.com');
    const first = (await login('refresh.reuse@example.com')).body.meta!.refreshToken as string;
    const second = (await refresh(first)).body.meta!.refreshToken as string;
    const reuse = await refresh(first);
    expect(reuse.status).toBe(401);
    expect(reuse.body.result).toBe('Invalid refresh token provided');
    const newest = await refresh(second);
    expect(newest.status).toBe(401);
    expect(newest.body.result).toBe('Invalid refresh token provided');
  });

  it('another session (family) of the same customer survives a reuse in one family', async () => {
    await register('refresh.families@example.com');
    const phone = (await login('refresh.families@example.com')).body.meta!.refreshToken as string;
    const laptop = (await login('refresh.families@example.com')).body.meta!.refreshToken as string;
    await refresh(phone);
    expect((await refresh(phone)).status).toBe(401);
    expect((await refresh(laptop)).status).toBe(200);
  });

  it('two parallel refreshes with one token: exactly one succeeds', async () => {
    await register('refresh.race@example.com');
    const token = (await login('refresh.race@example.com')).body.meta!.refreshToken as string;
    const replies = await Promise.all([refresh(token), refresh(token), refresh(token)]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 401, 401]);
  });

  it('refuses unknown, expired and missing tokens', async () => {
    expect((await refresh('A'.repeat(43))).body).toEqual({ code: 401, result: 'Invalid refresh token provided' });
    await register('refresh.expired@example.com');
    const token = (await login('refresh.expired@example.com')).body.meta!.refreshToken as string;
    const rows = await server.ctx.db.query<{ customer_id: number }>('select id as customer_id from customers where email = $1', ['refresh.expired@example.com']);
    await server.ctx.db.query("update refresh_tokens set expires_at = now() - interval '1 second' where customer_id = $1", [rows[0]!.customer_id]);
    expect((await refresh(token)).status).toBe(401);
    const missing = await server.request<string>('POST', '/api/user/refresh', {});
    expect(missing.status).toBe(400);
    expect(missing.body.result).toContain('refreshToken');
  });

  it('stores only a digest of each refresh token', async () => {
    await register('refresh.digest@example.com');
    const token = (await login('refresh.digest@example.com')).body.meta!.refreshToken as string;
    const hits = await server.ctx.db.query("select 1 from refresh_tokens where token_hash = $1 or family_id = $1", [token]);
    expect(hits).toHaveLength(0);
  });
});

describe('POST /api/user/logout', () => {
  const logout = (accessToken: string | undefined, refreshToken: unknown) =>
    server.request<boolean>('POST', '/api/user/logout', { refreshToken }, accessToken ? { authorization: `Bearer ${accessToken}` } : {});

  it('ends the session: its refresh token and every later one of its family stop working; a second call answers the same', async () => {
    await register('logout.ends@example.com');
    const signedIn = await login('logout.ends@example.com');
    const rotated = await refresh(signedIn.body.meta!.refreshToken as string);
    const current = rotated.body.meta!.refreshToken as string;
    const other = (await login('logout.ends@example.com')).body.meta!.refreshToken as string;
    const ended = await logout(rotated.body.result, current);
    expect(ended.status).toBe(200);
    expect(ended.body).toEqual({ code: 200, result: true });
    expect((await refresh(current)).status).toBe(401);
    // A retry after a lost reply is answered alike; another device's session goes on.
    expect((await logout(rotated.body.result, current)).body).toEqual({ code: 200, result: true });
    expect((await refresh(other)).status).toBe(200);
  });

  it("needs the customer's access token, and never ends another customer's session", async () => {
    await register('logout.alice@example.com');
    await register('logout.bob@example.com');
    const alice = await login('logout.alice@example.com');
    const bob = await login('logout.bob@example.com');
    expect((await logout(undefined, alice.body.meta!.refreshToken)).status).toBe(401);
    expect((await logout('not.a.token', alice.body.meta!.refreshToken)).status).toBe(401);
    expect((await logout(bob.body.result, alice.body.meta!.refreshToken)).body).toEqual({ code: 200, result: true });
    expect((await refresh(alice.body.meta!.refreshToken as string)).status).toBe(200);
  });

  it('refuses a body without a refresh token with a 400 naming it', async () => {
    await register('logout.bad@example.com');
    const signedIn = await login('logout.bad@example.com');
    for (const body of [{}, { refreshToken: '' }, { refreshToken: 'x'.repeat(201) }, { refreshToken: 'x', extra: 1 }]) {
      const reply = await server.request<string>('POST', '/api/user/logout', body, { authorization: `Bearer ${signedIn.body.result}` });
      expect(reply.status).toBe(400);
      expect(reply.body.result).toMatch(/refreshToken|extra/);
    }
  });

  it('is in the OpenAPI document', async () => {
    const reply = await server.request<never>('GET', '/api/openapi.json');
    const paths = (reply.body as unknown as { paths: Record<string, Record<string, unknown>> }).paths;
    expect(Object.keys(paths['/api/user/logout'] ?? {})).toContain('post');
  });
});

describe('the absolute lifetime of a session (SESSION_MAX_AGE)', () => {
  it('no refresh carries a token past the end of its login, and a new login starts a new one', async () => {
    await register('lifetime.end@example.com');
    const first = (await login('lifetime.end@example.com')).body.meta!.refreshToken as string;
    const rows = await server.ctx.db.query<{ id: number }>('select id from customers where email = $1', ['lifetime.end@example.com']);
    // The session was started long ago: its family ends in a second.
    await server.ctx.db.query("update refresh_tokens set family_expires_at = now() + interval '1 second' where customer_id = $1", [rows[0]!.id]);
    const next = await refresh(first);
    expect(next.status).toBe(200);
    const stored = await server.ctx.db.query<{ expires_at: Date; family_expires_at: Date }>(
      "select expires_at, family_expires_at from refresh_tokens where token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')",
      [next.body.meta!.refreshToken],
    );
    expect(new Date(stored[0]!.expires_at).getTime()).toBe(new Date(stored[0]!.family_expires_at).getTime());
    await server.ctx.db.query("update refresh_tokens set family_expires_at = now() - interval '1 second' where customer_id = $1", [rows[0]!.id]);
    expect((await refresh(next.body.meta!.refreshToken as string)).status).toBe(401);
    expect((await refresh((await login('lifetime.end@example.com')).body.meta!.refreshToken as string)).status).toBe(200);
  });
});
