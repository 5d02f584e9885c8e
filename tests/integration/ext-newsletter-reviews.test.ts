import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';

/** /api/ext/newsletter and /api/review. */
let server: TestServer;
let productId: string;

const outbox = (to: string) => server.ctx.db.query<{ subject: string; text: string }>('select subject, text from mail_outbox where to_address = $1 order by id', [to]);

beforeAll(async () => {
  server = await startTestServer();
  const rows = await server.ctx.db.query<{ id: string }>(
    "select id from catalog_documents where entity = 'product' and not deleted and coalesce((doc->>'status')::int, 1) < 2 order by id limit 1",
  );
  productId = rows[0]!.id;
});
afterAll(async () => {
  await server?.close();
});

describe('/api/ext/newsletter', () => {
  const isSubscribedInDb = async (email: string) =>
    (await server.ctx.db.query<{ status: string }>('select status from newsletter_subscribers where email = $1', [email]))[0]?.status === 'subscribed';
  /** The link of `path` in the newest mail to `to`, as the mail prints it. */
  const linkIn = async (to: string, path: string) => {
    const text = (await outbox(to)).at(-1)!.text;
    const found = new RegExp(`https?://\\S+${path}\\?token=(\\S+)`).exec(text);
    expect(found, `a ${path} link in: ${text}`).not.toBeNull();
    return decodeURIComponent(found![1]!);
  };
  const submit = (path: string, token: string) =>
    fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token }).toString() });
  async function signedIn(email: string): Promise<Record<string, string>> {
    await server.request('POST', '/api/user/create', { customer: { email, firstname: 'News', lastname: 'Reader' }, password: 'Sup3r-secret' });
    const token = (await server.request<string>('POST', '/api/user/login', { username: email, password: 'Sup3r-secret' })).body.result;
    return { authorization: `Bearer ${token}` };
  }

  it('subscribes only after the single-use link mailed to the address is used, then mails the 10% coupon once', async () => {
    const email = 'news.one@example.com';
    const first = await server.request('POST', '/api/ext/newsletter', { email: 'News.One@example.com' });
    expect(first.body).toEqual({ code: 200, result: 'confirmation-sent' });
    expect(await isSubscribedInDb(email), 'not subscribed before the address confirms').toBe(false);
    const [confirmation] = await outbox(email);
    expect(confirmation!.subject).toBe('Please confirm your newsletter subscription');
    expect(confirmation!.text).not.toContain('10% off your next order');
    const token = await linkIn(email, '/newsletter/confirm');
    const page = await fetch(`${server.url}/newsletter/confirm?token=${encodeURIComponent(token)}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<form method="post" action="/newsletter/confirm">');
    expect(await isSubscribedInDb(email), 'opening the link (a mail scanner) subscribes nobody').toBe(false);

    const confirmed = await submit('/newsletter/confirm', token);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain('You are subscribed');
    expect(await isSubscribedInDb(email)).toBe(true);
    const mails = await outbox(email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toContain('10%');
    const coupon = await server.ctx.db.query<{ code: string; doc: Record<string, unknown> }>('select code, doc from coupons');
    const promised = coupon.find((c) => c.doc.newsletter === true) ?? coupon.find((c) => c.doc.discount_type === 'percent' && c.doc.discount_amount === 10);
    if (promised) expect(mails[1]!.text).toContain(promised.code);
    expect((await submit('/newsletter/confirm', token)).status, 'the link works once').toBe(400);
    expect(await server.ctx.db.query('select token_hash from newsletter_confirmations where token_hash = $1', [token]), 'only its hash is kept').toHaveLength(0);
  });

  it('tells nobody but the signed-in owner whether an address is subscribed, and mails nothing for an address already subscribed', async () => {
    const email = 'news.owner@example.com';
    const owner = await signedIn(email);
    const other = await signedIn('news.other@example.com');
    expect((await server.request('POST', '/api/ext/newsletter', { email }, owner)).body.result).toBe('confirmation-sent');
    await submit('/newsletter/confirm', await linkIn(email, '/newsletter/confirm'));
    const mailsBefore = (await outbox(email)).length;

    const guest = await server.request('GET', `/api/ext/newsletter?email=${email}`);
    expect(guest.status).toBe(403);
    expect(guest.body.result).toBe('Sign in with this e-mail address to see its newsletter subscription.');
    expect((await server.request('GET', `/api/ext/newsletter?email=${email}`, undefined, other)).status).toBe(403);
    expect((await server.request('GET', `/api/ext/newsletter?email=${encodeURIComponent('NEWS.OWNER@example.com')}`, undefined, owner)).body).toEqual({ code: 200, result: 'subscribed' });

    expect((await server.request('POST', '/api/ext/newsletter', { email })).body.result, 'a stranger hears the same as for any address').toBe('confirmation-sent');
    expect((await server.request('POST', '/api/ext/newsletter', { email }, owner)).body.result).toBe('subscribed');
    expect(await outbox(email)).toHaveLength(mailsBefore);
  });

  it('unsubscribes only with the signed link of a newsletter mail or as the signed-in owner; a later subscription sends no second coupon', async () => {
    const email = 'news.two@example.com';
    await server.request('POST', '/api/ext/newsletter', { email });
    await submit('/newsletter/confirm', await linkIn(email, '/newsletter/confirm'));
    const refused = await server.request('DELETE', '/api/ext/newsletter', { email });
    expect(refused.status).toBe(403);
    expect(refused.body.result).toContain('unsubscribe link');
    expect((await server.request('DELETE', '/api/ext/newsletter', { email, token: 'forged.token' })).status).toBe(403);
    expect(await isSubscribedInDb(email)).toBe(true);

    const unsubscribe = await linkIn(email, '/newsletter/unsubscribe');
    expect((await server.request('DELETE', '/api/ext/newsletter', { email: 'news.one@example.com', token: unsubscribe })).status, 'the link is for its own address').toBe(403);
    expect((await server.request('DELETE', '/api/ext/newsletter', { email, token: unsubscribe })).body).toEqual({ code: 200, result: 'not-subscribed' });
    expect(await isSubscribedInDb(email)).toBe(false);

    await server.request('POST', '/api/ext/newsletter', { email });
    await submit('/newsletter/confirm', await linkIn(email, '/newsletter/confirm'));
    expect(await isSubscribedInDb(email)).toBe(true);
    expect((await outbox(email)).filter((m) => m.subject.includes('10%')), 'one coupon per address, ever').toHaveLength(1);
    const page = await submit('/newsletter/unsubscribe', unsubscribe);
    expect(page.status).toBe(200);
    expect(await isSubscribedInDb(email)).toBe(false);

    const owner = await signedIn('news.three@example.com');
    await server.request('POST', '/api/ext/newsletter', { email: 'news.three@example.com' }, owner);
    await submit('/newsletter/confirm', await linkIn('news.three@example.com', '/newsletter/confirm'));
    expect((await server.request('DELETE', '/api/ext/newsletter', { email: 'news.three@example.com' }, owner)).body).toEqual({ code: 200, result: 'not-subscribed' });
  });

  it('refuses an invalid e-mail on every method, storing nothing', async () => {
    const expected = { code: 400, result: 'email: Please provide valid e-mail address.' };
    expect((await server.request('POST', '/api/ext/newsletter', { email: 'nope' })).body).toEqual(expected);
    expect((await server.request('DELETE', '/api/ext/newsletter', { email: 'nope@' })).body).toEqual(expected);
    expect((await server.request('GET', '/api/ext/newsletter?email=nope')).body).toEqual({ code: 400, result: 'email: Please provide valid e-mail address.' });
    expect((await server.request('GET', '/api/ext/newsletter')).status).toBe(400);
    expect(await server.ctx.db.query("select 1 from newsletter_subscribers where email like 'nope%'")).toHaveLength(0);
  });
});

describe('/api/review', () => {
  const review = (over: Record<string, unknown> = {}) => ({
    review: { product_id: productId, title: 'Solid anchors', detail: 'Held a <b>heavy</b> shelf & more', nickname: 'Bob', review_entity: 'product', ...over },
  });

  it('stores a review as pending, text exactly as written, and lists only approved ones', async () => {
    const reply = await server.request<{ id: number; review_status: string; detail: string; product_id: string }>('POST', '/api/review/create', review());
    expect(reply.status).toBe(200);
    expect(reply.body.result).toMatchObject({ review_status: 'pending', detail: 'Held a <b>heavy</b> shelf & more', product_id: productId });
    const list = () => server.request<{ items: Array<{ id: number; detail: string }>; total_count: number }>('GET', `/api/review/list?productId=${productId}`);
    expect((await list()).body.result.total_count).toBe(0);
    await server.ctx.db.query("update reviews set status = 'approved' where id = $1", [reply.body.result.id]);
    const approved = (await list()).body.result;
    expect(approved.total_count).toBe(1);
    expect(approved.items[0]).toMatchObject({ id: reply.body.result.id, detail: 'Held a <b>heavy</b> shelf & more' });
    expect(approved.items[0]).not.toHaveProperty('customer_id');
  });

  it('signs a review with the token customer and refuses posting as someone else', async () => {
    await server.request('POST', '/api/user/create', { customer: { email: 'reviewer@example.com', firstname: 'Rev', lastname: 'Iewer' }, password: 'Sup3r-secret' });
    const token = (await server.request<string>('POST', '/api/user/login', { username: 'reviewer@example.com', password: 'Sup3r-secret' })).body.result;
    const auth = { authorization: `Bearer ${token}` };
    const own = await server.request<{ customer_id: number }>('POST', '/api/review/create', review(), auth);
    expect(own.status).toBe(200);
    expect(own.body.result.customer_id).toBeGreaterThan(0);
    const spoof = await server.request('POST', '/api/review/create', review({ customer_id: own.body.result.customer_id + 1000 }), auth);
    expect(spoof.status).toBe(403);
    const guestSpoof = await server.request('POST', '/api/review/create', review({ customer_id: own.body.result.customer_id }));
    expect(guestSpoof.status).toBe(403);
  });

  it.each([
    [{ product_id: '99999999' }, 'review.product_id: no such product'],
    [{ title: '' }, 'review.title: Field is required.'],
    [{ nickname: 'x'.repeat(65) }, 'review.nickname: Must have at most 64 characters.'],
    [{ detail: 'x'.repeat(5001) }, 'review.detail: Must have at most 5000 characters.'],
    [{ review_entity: 'category' }, 'review.review_entity: Must be "product".'],
    [{ review_status: 'approved' }, 'review.review_status: unknown field'],
  ])('refuses bad review %# without storing it', async (change, message) => {
    const before = await server.ctx.db.query<{ n: number }>('select count(*)::int as n from reviews');
    const reply = await server.request('POST', '/api/review/create', review(change));
    expect(reply.status).toBe(400);
    expect(reply.body.result).toBe(message);
    const after = await server.ctx.db.query<{ n: number }>('select count(*)::int as n from reviews');
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('needs productId to list', async () => {
    const reply = await server.request('GET', '/api/review/list');
    expect(reply.status).toBe(400);
    expect(reply.body.result).toContain('productId');
  });
});
