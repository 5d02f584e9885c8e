import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * A refresh whose reply was lost is sent again with the same refresh token and request id: the
 * session goes on. Any other second use of a used token is reuse: the session family ends.
 */
let server: TestServer;
let seq = 0;
const PASSWORD = 'Sup3r-secret';
const INVALID = { code: 401, result: 'Invalid refresh token provided' };
const requestId = () => `req-${Date.now()}-${++seq}-abcdefgh`;

async function session(label: string): Promise<string> {
  const email = `replay.${label}.${Date.now()}.${++seq}@example.com`;
  expect((await server.request('POST', '/api/user/create', { customer: { email, firstname: 'Ann', lastname: 'Lee' }, password: PASSWORD })).status).toBe(200);
  const login = await server.request<string>('POST', '/api/user/login', { username: email, password: PASSWORD });
  return login.body.meta!.refreshToken as string;
}

const refresh = (refreshToken: string, id?: string) => server.request<string>('POST', '/api/user/refresh', id === undefined ? { refreshToken } : { refreshToken, requestId: id });
const nextToken = (reply: { body: { meta?: Record<string, unknown> } }) => reply.body.meta!.refreshToken as string;

/** Tokens of the family that could still be used: never more than one. */
async function liveTokens(familyOf: string): Promise<number> {
  const rows = await server.ctx.db.query<{ n: number }>(
    `select count(*)::integer as n from refresh_tokens
     where family_id = (select family_id from refresh_tokens where token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex'))
       and used_at is null and revoked_at is null`,
    [familyOf],
  );
  return rows[0]!.n;
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('a refresh whose reply was lost', () => {
  it('is answered again with a new pair; the lost successor stops working, the session goes on', async () => {
    const first = await session('lost');
    const id = requestId();
    const lost = await refresh(first, id);
    expect(lost.status).toBe(200);
    const replay = await refresh(first, id);
    expect(replay.status).toBe(200);
    expect(nextToken(replay)).not.toBe(nextToken(lost));
    expect((await server.request('GET', '/api/user/me', undefined, { authorization: `Bearer ${replay.body.result}` })).status).toBe(200);
    expect(await liveTokens(first)).toBe(1);
    // The successor nobody received is refused, without ending the session.
    expect((await refresh(nextToken(lost))).body).toEqual(INVALID);
    expect((await refresh(nextToken(replay), requestId())).status).toBe(200);
  });

  it('may be replayed more than once while each reply is lost', async () => {
    const first = await session('twice');
    const id = requestId();
    await refresh(first, id);
    await refresh(first, id);
    const third = await refresh(first, id);
    expect(third.status).toBe(200);
    expect(await liveTokens(first)).toBe(1);
    expect((await refresh(nextToken(third))).status).toBe(200);
  });

  it('replayed in parallel never leaves two live tokens, and only the in-progress answer may refuse', async () => {
    const first = await session('parallel');
    const id = requestId();
    await refresh(first, id);
    const replies = await Promise.all(Array.from({ length: 6 }, () => refresh(first, id)));
    for (const reply of replies.filter((r) => r.status !== 200)) {
      expect(reply.body).toEqual({ code: 409, result: 'This refresh is already being processed; retry in a moment', meta: { idempotency: 'in-progress' } });
      expect(reply.headers.get('retry-after')).toBe('1');
    }
    expect(replies.some((r) => r.status === 200)).toBe(true);
    expect(await liveTokens(first)).toBe(1);
    const working = [];
    for (const reply of replies.filter((r) => r.status === 200)) if ((await refresh(nextToken(reply), requestId())).status === 200) working.push(reply);
    expect(working).toHaveLength(1);
  });

  it('and its replay sent at the same time leave one live token', async () => {
    const first = await session('race');
    const id = requestId();
    const replies = await Promise.all([refresh(first, id), refresh(first, id)]);
    expect(replies.map((r) => r.status)).toContain(200);
    expect(await liveTokens(first)).toBe(1);
  });
});

describe('every other second use of a used token is reuse (401, the session family is revoked)', () => {
  it('after the successor was used', async () => {
    const first = await session('moved-on');
    const id = requestId();
    const second = nextToken(await refresh(first, id));
    const third = nextToken(await refresh(second, requestId()));
    expect((await refresh(first, id)).body).toEqual(INVALID);
    expect((await refresh(third, requestId())).body).toEqual(INVALID);
    expect(await liveTokens(first)).toBe(0);
  });

  it('with another request id', async () => {
    const first = await session('other-id');
    const second = nextToken(await refresh(first, requestId()));
    expect((await refresh(first, requestId())).body).toEqual(INVALID);
    expect((await refresh(second, requestId())).body).toEqual(INVALID);
  });

  it('without a request id, as old clients send it', async () => {
    const first = await session('no-id');
    const second = nextToken(await refresh(first, requestId()));
    expect((await refresh(first)).body).toEqual(INVALID);
    expect((await refresh(second)).body).toEqual(INVALID);
  });

  it('for an old client that never sends one: rotation and reuse detection as before', async () => {
    const first = await session('old-client');
    const second = await refresh(first);
    expect(second.status).toBe(200);
    expect((await refresh(first)).body).toEqual(INVALID);
    expect((await refresh(nextToken(second))).body).toEqual(INVALID);
  });
});

describe('the request id', () => {
  it('must be 16 to 100 url-safe characters', async () => {
    const first = await session('bad-id');
    const reply = await refresh(first, 'short');
    expect(reply.status).toBe(400);
    expect(reply.body.result).toContain('requestId');
    expect((await refresh(first, requestId())).status).toBe(200);
  });

  it('is stored only as a digest', async () => {
    const first = await session('digest');
    const id = requestId();
    await refresh(first, id);
    expect(await server.ctx.db.query('select 1 from refresh_tokens where request_hash = $1', [id])).toHaveLength(0);
  });
});
