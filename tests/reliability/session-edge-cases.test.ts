import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureAccessToken } from '../helpers/fixture-access-token';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { until } from '../helpers/wait-until';
import { changedTables, digestTables } from './helpers/db-digest';
import { PASSWORD, addLine, newCart, orderPayload, registerCustomer, saleableSkus, type Customer } from './helpers/shop-fixtures';

/**
 * The token cases the account suites do not reach (see tests/integration/user-session.test.ts and
 * user-password.test.ts for rotation, reuse, reset links and lock-outs): two tokens in one request,
 * tokens of accounts that no longer exist, other kinds of token passed off as an access token, a
 * token from before a password change on the cart and order endpoints, and password guessing
 * through change-password.
 */
let server: TestServer;
let alice: Customer;
let bob: Customer;
let skus: string[];

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  server = await startTestServer();
  alice = await registerCustomer(server, 'alice.edge@example.com', 'Alice', 'Edgecase');
  bob = await registerCustomer(server, 'bob.edge@example.com', 'Bobby', 'Otherperson');
  skus = await saleableSkus(server, 2);
});
afterAll(async () => {
  await server?.close();
});

/** Calls that act as a customer: each must refuse a token that does not stand for a live account. */
async function actAsCustomer(token: string, label: string) {
  const tag = label.replace(/\W+/g, '-').toLowerCase();
  return {
    me: await server.request('GET', '/api/user/me', undefined, bearer(token)),
    orderHistory: await server.request('GET', '/api/user/order-history', undefined, bearer(token)),
    cartCreate: await server.request('POST', '/api/cart/create', undefined, bearer(token)),
    order: await server.request('POST', '/api/order', orderPayload(`edge-${tag}-${Date.now()}`, [skus[0]!], 'ghost.buyer@example.com'), bearer(token)),
  };
}

const ALL_REFUSED = { me: 401, orderHistory: 401, cartCreate: 401, order: 401 };

function statuses(replies: Record<string, { status: number }>): Record<string, number> {
  return Object.fromEntries(Object.entries(replies).map(([call, reply]) => [call, reply.status]));
}

describe('two tokens in one request', () => {
  it('the bearer header decides; the query token never adds or swaps the identity', async () => {
    const both = await server.request<{ email: string }>('GET', `/api/user/me?token=${bob.token}`, undefined, alice.bearer);
    expect(both.status).toBe(200);
    expect(both.body.result.email).toBe(alice.email);
    expect(JSON.stringify(both.body)).not.toContain(bob.email);
  });

  it('a bad bearer header is a 401 even with a valid token in the query (no fallback)', async () => {
    for (const header of ['Bearer x.y.z', `Bearer ${alice.token}x`, `Bearer ${fixtureAccessToken({ sub: alice.id, groupId: 1 }, server.ctx.secrets.authSecret, 900, Date.now() - 3_600_000)}`]) {
      const reply = await server.request('GET', `/api/user/me?token=${bob.token}`, undefined, { authorization: header });
      expect(reply.status, header).toBe(401);
      expect(JSON.stringify(reply.body)).not.toContain(bob.email);
    }
  });

  it("Bob's token in the query does not open Bob's cart for Alice's header", async () => {
    const bobsCart = await newCart(server, bob.bearer);
    await addLine(server, bobsCart, skus[1]!, 2, bob.bearer);
    const reply = await server.request('GET', `/api/cart/pull?cartId=${bobsCart}&token=${bob.token}`, undefined, alice.bearer);
    expect(reply.status).toBe(403);
    expect(JSON.stringify(reply.body)).not.toContain(skus[1]!);
  });
});

describe('tokens of accounts that do not exist', () => {
  it('a token of a deleted account is refused by account, cart and order endpoints alike, and changes nothing', async () => {
    const ghost = await registerCustomer(server, 'ghost.edge@example.com', 'Gus', 'Ghost');
    await server.ctx.db.query('delete from customers where id = $1', [ghost.id]);
    const before = await digestTables(server.ctx.db);
    expect(statuses(await actAsCustomer(ghost.token, 'deleted'))).toEqual(ALL_REFUSED);
    expect(changedTables(before, await digestTables(server.ctx.db))).toEqual([]);
    const refresh = await server.request('POST', '/api/user/refresh', { refreshToken: ghost.refreshToken });
    expect(refresh.status).toBe(401);
  });

  it('a genuinely signed token for an unknown or malformed customer id is refused the same way', async () => {
    for (const sub of ['987654321', '0', '-1', 'abc', `${alice.id} or 1=1`, '']) {
      const token = fixtureAccessToken({ sub, groupId: 1 }, server.ctx.secrets.authSecret, 900);
      const before = await digestTables(server.ctx.db);
      expect(statuses(await actAsCustomer(token, `unknown ${sub}`)), `sub "${sub}"`).toEqual(ALL_REFUSED);
      expect(changedTables(before, await digestTables(server.ctx.db))).toEqual([]);
    }
  });
});

describe('other tokens passed off as an access token', () => {
  it('the groupToken, the mail-form token and the refresh token are refused as bearer and query tokens', async () => {
    const me = await server.request<{ groupToken: string }>('GET', '/api/user/me', undefined, alice.bearer);
    const mailToken = (await server.request<string>('GET', '/api/ext/mail-service/get-token')).body.result;
    for (const [kind, token] of [['groupToken', me.body.result.groupToken], ['mail-form token', mailToken], ['refresh token', alice.refreshToken]] as const) {
      expect((await server.request('GET', '/api/user/me', undefined, bearer(token))).status, `${kind} as bearer`).toBe(401);
      expect((await server.request('GET', `/api/user/me?token=${encodeURIComponent(token)}`)).status, `${kind} in the query`).toBe(401);
      expect((await server.request('POST', '/api/cart/create', undefined, bearer(token))).status, `${kind} on cart create`).toBe(401);
    }
  });

  it('an access token is not a refresh token', async () => {
    const reply = await server.request('POST', '/api/user/refresh', { refreshToken: alice.token.slice(0, 200) });
    expect(reply.status).toBe(401);
  });
});

describe('a password change ends the old access tokens everywhere', () => {
  it('cart and order endpoints refuse a token issued before the change, like the account endpoints do', async () => {
    const carol = await registerCustomer(server, 'carol.edge@example.com', 'Carol', 'Changer');
    // Tokens carry whole seconds: the change must land in a later second than the old token's iat.
    const { iat } = JSON.parse(Buffer.from(carol.token.split('.')[1]!, 'base64url').toString()) as { iat: number };
    await until('the second after the token was issued', () => Math.floor(Date.now() / 1000), (now) => now > iat, 2_000);
    const changed = await server.request('POST', '/api/user/change-password', { currentPassword: PASSWORD, newPassword: 'Brand-New-Passw0rd' }, carol.bearer);
    expect(changed.status).toBe(200);
    expect(statuses(await actAsCustomer(carol.token, 'stale'))).toEqual(ALL_REFUSED);
  });
});

describe('guessing the password through change-password', () => {
  it('counts like failed sign-ins: after 5 wrong current passwords even the right one gets 429', async () => {
    const dave = await registerCustomer(server, 'dave.edge@example.com', 'Dave', 'Guesser');
    for (let i = 0; i < 5; i++) {
      const wrong = await server.request('POST', '/api/user/change-password', { currentPassword: `wrong-guess-${i}`, newPassword: 'Brand-New-Passw0rd' }, dave.bearer);
      expect(wrong.status).toBe(400);
    }
    const right = await server.request<string>('POST', '/api/user/change-password', { currentPassword: PASSWORD, newPassword: 'Brand-New-Passw0rd' }, dave.bearer);
    expect(right.status).toBe(429);
    expect(right.body.result).toMatch(/^Too many login attempts\. Try again in \d+ minutes?\.$/);
    const login = await server.request('POST', '/api/user/login', { username: dave.email, password: PASSWORD });
    expect(login.status, 'the account is locked for sign-in too').toBe(429);
  });
});
