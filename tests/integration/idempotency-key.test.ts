import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../helpers/test-config';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { customerAuth, ensureCustomers } from './cart-fixtures';

/**
 * The Idempotency-Key header on state-changing requests: a retry after a lost reply gets the first
 * reply and causes no second effect; the key is scoped to its owner and to one request.
 */
let server: TestServer;
let seq = 0;
let productId: string;
const newKey = (label: string) => `key-${label}-${Date.now()}-${++seq}`;
const alice = () => customerAuth(server, '9701', 1);
const bob = () => customerAuth(server, '9702', 1);
const withKey = (key: string, headers: Record<string, string> = {}) => ({ ...headers, 'idempotency-key': key });
const post = (path: string, body: unknown, headers: Record<string, string> = {}) => server.request<Record<string, unknown>>('POST', path, body, headers);
const IN_PROGRESS = { code: 409, result: 'A request with this Idempotency-Key is still being processed; retry in a moment', meta: { idempotency: 'in-progress' } };
const review = (title: string) => ({ review: { product_id: productId, title, detail: 'Holds well in brick.', nickname: 'Sam', review_entity: 'product' } });

async function count(sql: string, params: unknown[]): Promise<number> {
  const rows = await server.ctx.db.query<{ n: number }>(`select count(*)::integer as n from ${sql}`, params);
  return rows[0]!.n;
}

beforeAll(async () => {
  server = await startTestServer();
  await ensureCustomers(server, ['9701', '9702'], 1);
  const [product] = await server.ctx.db.query<{ id: string }>("select id from catalog_documents where entity = 'product' and (doc->>'status')::integer = 1 order by id limit 1");
  productId = product!.id;
});
afterAll(async () => {
  await server?.close();
});

describe('a retry with the same key after a lost reply', () => {
  it('POST /api/user/me: the same reply, and a change made since is not overwritten', async () => {
    const key = newKey('profile');
    const first = await post('/api/user/me', { customer: { firstname: 'Alice', lastname: 'First' } }, withKey(key, alice()));
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    // Another device renames the customer before the lost request is retried.
    expect((await post('/api/user/me', { customer: { lastname: 'Later' } }, alice())).status).toBe(200);
    const retry = await post('/api/user/me', { customer: { firstname: 'Alice', lastname: 'First' } }, withKey(key, alice()));
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    const [row] = await server.ctx.db.query<{ lastname: string }>('select lastname from customers where id = 9701');
    expect(row?.lastname).toBe('Later');
  });

  it('POST /api/review/create: one review, the same review id', async () => {
    const key = newKey('review');
    const title = `Idempotent ${key}`;
    const first = await post('/api/review/create', review(title), withKey(key));
    const retry = await post('/api/review/create', review(title), withKey(key));
    expect(first.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(await count('reviews where title = $1', [title])).toBe(1);
  });

  it('POST and DELETE /api/ext/newsletter: replayed per key', async () => {
    // Alice's own address: only its signed-in owner may unsubscribe it without a link.
    const email = 'customer-9701@example.com';
    const key = newKey('newsletter');
    const first = await post('/api/ext/newsletter', { email }, withKey(key, alice()));
    expect(first.body).toEqual({ code: 200, result: 'confirmation-sent' });
    const retry = await post('/api/ext/newsletter', { email }, withKey(key, alice()));
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    const off = await server.request('DELETE', '/api/ext/newsletter', { email }, withKey(newKey('unsubscribe'), alice()));
    expect(off.body).toEqual({ code: 200, result: 'not-subscribed' });
    expect(await count('mail_outbox where to_address = $1', [email])).toBe(1);
  });

  it('POST /api/cart/create: one guest cart, the same cart id', async () => {
    const key = newKey('cart');
    const carts = await count('carts', []);
    const first = await post('/api/cart/create', undefined, withKey(key));
    const retry = await post('/api/cart/create', undefined, withKey(key));
    expect(first.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(await count('carts', [])).toBe(carts + 1);
    // Without a key every call is a new cart, as before.
    await post('/api/cart/create', undefined);
    expect(await count('carts', [])).toBe(carts + 2);
  });

  it('replays a refusal (4xx) too', async () => {
    const key = newKey('refusal');
    const body = { review: { ...review('No such product').review, product_id: 'no-such-product' } };
    const first = await post('/api/review/create', body, withKey(key));
    expect(first.body).toEqual({ code: 400, result: 'review.product_id: no such product' });
    const retry = await post('/api/review/create', body, withKey(key));
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
  });
});

describe('a key is one request of one owner', () => {
  it('is 422 on a different request, which changes nothing', async () => {
    const key = newKey('other');
    const title = `First ${key}`;
    expect((await post('/api/review/create', review(title), withKey(key))).status).toBe(200);
    const other = await post('/api/review/create', review(`Second ${key}`), withKey(key));
    expect(other.body).toEqual({ code: 422, result: 'Idempotency-Key was already used for a different request' });
    expect(await count('reviews where title = $1', [`Second ${key}`])).toBe(0);
    expect((await post('/api/cart/create', undefined, withKey(key))).status).toBe(422);
  });

  it("does not show one customer's reply to another customer or a guest using the same key", async () => {
    const key = newKey('owner');
    const mine = await post('/api/user/me', { customer: { firstname: 'Alice' } }, withKey(key, alice()));
    const theirs = await post('/api/user/me', { customer: { firstname: 'Bobby' } }, withKey(key, bob()));
    expect(theirs.status).toBe(200);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(theirs.body.result).toMatchObject({ id: 9702, firstname: 'Bobby' });
    expect(JSON.stringify(theirs.body)).not.toContain('customer-9701');
    const guest = await post('/api/cart/create', undefined, withKey(key));
    expect(guest.status).toBe(200);
    expect(typeof guest.body.result).toBe('string');
    expect((await post('/api/user/me', { customer: { firstname: 'Alice' } }, withKey(key, alice()))).body).toEqual(mine.body);
  });

  it('runs once when the same request arrives many times at once', async () => {
    const key = newKey('parallel');
    const title = `Parallel ${key}`;
    const replies = await Promise.all(Array.from({ length: 10 }, () => post('/api/review/create', review(title), withKey(key))));
    expect(await count('reviews where title = $1', [title])).toBe(1);
    const done = replies.filter((r) => r.status === 200);
    expect(done.length).toBeGreaterThanOrEqual(1);
    for (const reply of done) expect(reply.body).toEqual(done[0]!.body);
    for (const reply of replies.filter((r) => r.status !== 200)) {
      expect(reply.body).toEqual(IN_PROGRESS);
      expect(reply.headers.get('retry-after')).toBe('1');
    }
    const retry = await post('/api/review/create', review(title), withKey(key));
    expect(retry.body).toEqual(done[0]!.body);
  });

  it('answers a retry while the first request is still running with in-progress (409, Retry-After: 1)', async () => {
    const key = newKey('pending');
    const title = `Pending ${key}`;
    expect((await post('/api/review/create', review(title), withKey(key))).status).toBe(200);
    // As if the first request had claimed the key and were still at work.
    await server.ctx.db.query("update idempotency_keys set state = 'pending', reply = null, reply_code = null where key = $1", [key]);
    const retry = await post('/api/review/create', review(title), withKey(key));
    expect(retry.body).toEqual(IN_PROGRESS);
    expect(retry.headers.get('retry-after')).toBe('1');
    // A claim left for 5 minutes was abandoned (its process died): the retry runs the request.
    await server.ctx.db.query("update idempotency_keys set claimed_at = now() - interval '6 minutes' where key = $1", [key]);
    const later = await post('/api/review/create', review(title), withKey(key));
    expect(later.status).toBe(200);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect((await post('/api/review/create', review(title), withKey(key))).body).toEqual(later.body);
  });

  it.runIf(testDatabaseUrl)('on PostgreSQL: retries that arrive while the first request is held up get in-progress, then its reply', async () => {
    const key = newKey('held');
    const title = `Held ${key}`;
    const client = new pg.Client({ connectionString: testDatabaseUrl, options: `-c search_path=${server.ctx.config.databaseSchema}` });
    await client.connect();
    let first: ReturnType<typeof post> | undefined;
    try {
      await client.query('begin');
      await client.query('lock table reviews in share row exclusive mode');
      first = post('/api/review/create', review(title), withKey(key));
      await expect.poll(() => count("idempotency_keys where key = $1 and state = 'pending'", [key])).toBe(1);
      const retries = await Promise.all([1, 2, 3].map(() => post('/api/review/create', review(title), withKey(key))));
      for (const retry of retries) expect(retry.body).toEqual(IN_PROGRESS);
    } finally {
      await client.query('commit');
      await client.end();
    }
    const done = await first;
    expect(done.status).toBe(200);
    expect((await post('/api/review/create', review(title), withKey(key))).body).toEqual(done.body);
    expect(await count('reviews where title = $1', [title])).toBe(1);
  });
});

describe('what is kept and for how long', () => {
  it('does not keep a 5xx: the retry runs again', async () => {
    const key = newKey('fault');
    const title = `After a fault ${key}`;
    await server.ctx.db.query('alter table reviews rename to reviews_away');
    let failed;
    try {
      failed = await post('/api/review/create', review(title), withKey(key));
    } finally {
      await server.ctx.db.query('alter table reviews_away rename to reviews');
    }
    expect(failed.status).toBe(500);
    const retry = await post('/api/review/create', review(title), withKey(key));
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect(await count('reviews where title = $1', [title])).toBe(1);
  });

  it('forgets a key after 24 hours', async () => {
    const key = newKey('old');
    expect((await post('/api/review/create', review(`Old ${key}`), withKey(key))).status).toBe(200);
    await server.ctx.db.query("update idempotency_keys set created_at = now() - interval '25 hours' where key = $1", [key]);
    const reused = await post('/api/review/create', review(`New ${key}`), withKey(key));
    expect(reused.status).toBe(200);
    expect(await count('reviews where title = $1', [`New ${key}`])).toBe(1);
  });

  it('stores no password, not even in the request digest', async () => {
    const key = newKey('account');
    const email = `idem.account.${Date.now()}@example.com`;
    const body = { customer: { email, firstname: 'Nia', lastname: 'Jones' }, password: 'Sup3r-secret' };
    const first = await post('/api/user/create', body, withKey(key));
    expect(first.status).toBe(200);
    expect((await post('/api/user/create', body, withKey(key))).body).toEqual(first.body);
    const [row] = await server.ctx.db.query<{ row: string }>('select row_to_json(k)::text as row from idempotency_keys k where key = $1', [key]);
    expect(row?.row).not.toContain('Sup3r-secret');
  });
});

describe('the header', () => {
  it('must be 1 to 255 printable ASCII characters (a quoted string is the same key)', async () => {
    const bad = { code: 400, result: 'Idempotency-Key: must be 1 to 255 printable ASCII characters' };
    expect((await post('/api/cart/create', undefined, withKey('k'.repeat(256)))).body).toEqual(bad);
    expect((await post('/api/cart/create', undefined, withKey(''))).body).toEqual(bad);
    expect((await post('/api/cart/create', undefined, withKey('"unterminated'))).body).toEqual(bad);
    const key = newKey('quoted');
    const bare = await post('/api/cart/create', undefined, withKey(key));
    const quoted = await post('/api/cart/create', undefined, withKey(`"${key}"`));
    expect(quoted.body).toEqual(bare.body);
    expect(quoted.headers.get('idempotent-replayed')).toBe('true');
  });

  it('is ignored where a route has its own idempotency or its reply carries secrets', async () => {
    const key = newKey('ignored');
    const email = `idem.login.${Date.now()}@example.com`;
    expect((await post('/api/user/create', { customer: { email, firstname: 'Ann', lastname: 'Lee' }, password: 'Sup3r-secret' })).status).toBe(200);
    const first = await post('/api/user/login', { username: email, password: 'Sup3r-secret' }, withKey(key));
    const second = await post('/api/user/login', { username: email, password: 'Sup3r-secret' }, withKey(key));
    expect(second.headers.get('idempotent-replayed')).toBeNull();
    expect(second.body.meta!.refreshToken).not.toBe(first.body.meta!.refreshToken);
    expect((await post('/api/user/login', { username: email, password: 'Sup3r-secret' }, withKey(''))).status).toBe(200);
    expect(await count('idempotency_keys where key = $1', [key])).toBe(0);
  });

  it('is documented for the covered operations only', async () => {
    const doc = (await server.request<never>('GET', '/api/openapi.json')).body as unknown as { paths: Record<string, Record<string, { parameters: { name: string; in: string }[] }>> };
    const hasHeader = (path: string, method: string) => doc.paths[path]![method]!.parameters.some((p) => p.in === 'header' && p.name === 'Idempotency-Key');
    expect(hasHeader('/api/user/me', 'post')).toBe(true);
    expect(hasHeader('/api/cart/create', 'post')).toBe(true);
    expect(hasHeader('/api/ext/newsletter', 'delete')).toBe(true);
    expect(hasHeader('/api/order', 'post')).toBe(false);
    expect(hasHeader('/api/user/refresh', 'post')).toBe(false);
    expect(hasHeader('/api/user/me', 'get')).toBe(false);
  });
});
