import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';

/** The customer-service forms and the mail service. */
let server: TestServer;
const shop = () => server.ctx.config.shopEmail;

const mailsTo = (to: string) =>
  server.ctx.db.query<{ subject: string; text: string; reply_to: string | null }>('select subject, text, reply_to from mail_outbox where to_address = $1 order by id', [to]);
const submissions = (kind: string) => server.ctx.db.query<{ payload: Record<string, unknown> }>('select payload from form_submissions where kind = $1 order by id', [kind]);

const person = (email: string) => ({ firstName: 'Ann', lastName: 'Lee', emailAddress: email });
const address = { streetAddress: '1 High Street', city: 'Leeds', zipCode: 'LS1 4AP', country: 'GB' };

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('/api/ext/forms', () => {
  it('stores a contact message, mails the shop (reply-to the sender) and confirms to the sender', async () => {
    const reply = await server.request<{ id: number; kind: string }>('POST', '/api/ext/forms/contact', { ...person('contact@example.com'), message: 'Do you stock M10 anchors?' });
    expect(reply.status).toBe(200);
    expect(reply.body.result).toMatchObject({ kind: 'contact' });
    expect((await submissions('contact')).at(-1)!.payload).toMatchObject({ emailAddress: 'contact@example.com', message: 'Do you stock M10 anchors?' });
    const toShop = (await mailsTo(shop())).at(-1)!;
    expect(toShop.subject).toBe(`Contact message #${reply.body.result.id} from Ann Lee`);
    expect(toShop.reply_to).toBe('contact@example.com');
    expect(toShop.text).toContain('Do you stock M10 anchors?');
    const confirmation = await mailsTo('contact@example.com');
    expect(confirmation).toHaveLength(1);
    expect(confirmation[0]!.subject).toContain(`#${reply.body.result.id}`);
  });

  it('confirms to the sender in the shop\'s words only: nothing typed into the form reaches the unconfirmed address', async () => {
    const typed = { firstName: 'Cheap pills at spam.example', lastName: 'Click now', company: 'Win a prize', message: 'Visit https://spam.example today', items: [{ sku: 'SPAM-LINK', qty: 1 }] };
    const reply = await server.request<{ id: number }>('POST', '/api/ext/forms/quote-request', { ...typed, emailAddress: 'someone.else@example.com' });
    expect(reply.status).toBe(200);
    const [confirmation] = await mailsTo('someone.else@example.com');
    expect(confirmation!.subject).toBe(`We received your quote request (#${reply.body.result.id})`);
    expect(confirmation!.text).toContain(`number ${reply.body.result.id}`);
    for (const text of ['spam.example', 'Cheap pills', 'Click now', 'Win a prize', 'SPAM-LINK']) expect(confirmation!.text + confirmation!.subject).not.toContain(text);
    expect((await mailsTo(shop())).at(-1)!.text, 'the shop still gets everything').toContain('Visit https://spam.example today');
  });

  it('takes quote lines and lists them in the shop mail', async () => {
    const reply = await server.request<{ id: number }>('POST', '/api/ext/forms/quote-request', {
      ...person('quote@example.com'), company: 'Acme', message: 'Best price for 500?', items: [{ sku: 'TB-M10-100', qty: 500 }, { sku: 'WA-M10', qty: '20' }],
    });
    expect(reply.status).toBe(200);
    expect((await submissions('quote-request')).at(-1)!.payload.items).toEqual([{ sku: 'TB-M10-100', qty: 500 }, { sku: 'WA-M10', qty: 20 }]);
    expect((await mailsTo(shop())).at(-1)!.text).toContain('500 x TB-M10-100');
  });

  it('accepts trade account and catalogue requests', async () => {
    const trade = await server.request('POST', '/api/ext/forms/trade-account', {
      ...person('trade@example.com'), ...address, company: 'Acme Builders', taxId: 'GB123456789', acceptTerms: true,
    });
    expect(trade.status).toBe(200);
    const catalogue = await server.request('POST', '/api/ext/forms/catalogue-request', { ...person('catalogue@example.com'), ...address });
    expect(catalogue.status).toBe(200);
    expect(await submissions('trade-account')).toHaveLength(1);
    expect(await mailsTo('catalogue@example.com')).toHaveLength(1);
  });

  it.each([
    ['contact', { ...person('x@example.com'), firstName: 'A', message: 'hi' }, 'firstName: Name must have at least 2 letters.'],
    ['contact', { ...person('not-mail'), message: 'hi' }, 'emailAddress: Please provide valid e-mail address.'],
    ['contact', { ...person('x@example.com'), message: '' }, 'message: Field is required.'],
    ['quote-request', { ...person('x@example.com'), message: 'hi', items: [{ sku: 'A', qty: 0 }] }, 'items.0.qty: Quantity must be above 0.'],
    ['trade-account', { ...person('x@example.com'), ...address, company: 'Acme', taxId: 'GB', acceptTerms: true }, 'taxId: Tax identification number must have at least 3 letters.'],
    ['trade-account', { ...person('x@example.com'), ...address, company: 'Acme', taxId: 'GB123', acceptTerms: false }, 'acceptTerms: You must accept the terms and conditions.'],
    ['catalogue-request', { ...person('x@example.com'), ...address, zipCode: 'L1' }, 'zipCode: Zip-code must have at least 3 letters.'],
    ['catalogue-request', { ...person('x@example.com'), ...address, website: 'spam' }, 'website: unknown field'],
  ])('refuses a bad %s form without storing or mailing', async (kind, body, message) => {
    const before = await server.ctx.db.query<{ n: number }>('select count(*)::int as n from mail_outbox');
    const reply = await server.request('POST', `/api/ext/forms/${kind}`, body);
    expect(reply.body).toEqual({ code: 400, result: message });
    expect(await server.ctx.db.query('select 1 from form_submissions where payload->>\'emailAddress\' in ($1, $2)', ['x@example.com', 'not-mail'])).toHaveLength(0);
    const after = await server.ctx.db.query<{ n: number }>('select count(*)::int as n from mail_outbox');
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('limits submissions per client address', async () => {
    await server.ctx.db.query("insert into attempt_throttle (key, attempts) values ('forms:ip:127.0.0.1', 20) on conflict (key) do update set attempts = 20, window_started_at = now()");
    const reply = await server.request('POST', '/api/ext/forms/contact', { ...person('limited@example.com'), message: 'hello' });
    expect(reply.status).toBe(429);
    expect(reply.body.result).toBe('Too many requests. Try again in 60 minutes.');
    expect(await mailsTo('limited@example.com')).toHaveLength(0);
    await server.ctx.db.query("delete from attempt_throttle where key = 'forms:ip:127.0.0.1'");
  });
});

describe('/api/ext/mail-service', () => {
  const token = async () => (await server.request<string>('GET', '/api/ext/mail-service/get-token')).body.result;

  it('sends a message to the shop with a fresh token, and a server-written confirmation to the sender', async () => {
    const reply = await server.request('POST', '/api/ext/mail-service/send-email', {
      sourceAddress: 'writer@example.com', targetAddress: shop().toUpperCase(), subject: 'Question', emailText: 'Is this in stock?', confirmation: true, token: await token(),
    });
    expect(reply.body).toEqual({ code: 200, result: true });
    const toShop = (await mailsTo(shop())).at(-1)!;
    expect(toShop).toMatchObject({ subject: 'Question', text: 'Is this in stock?', reply_to: 'writer@example.com' });
    const confirmation = await mailsTo('writer@example.com');
    expect(confirmation).toHaveLength(1);
    expect(confirmation[0]!.text).not.toContain('Is this in stock?');
  });

  it('is not an open relay: any other target is refused', async () => {
    const reply = await server.request('POST', '/api/ext/mail-service/send-email', {
      sourceAddress: 'spammer@example.com', targetAddress: 'victim@example.com', subject: 'Buy now', emailText: 'spam', token: await token(),
    });
    expect(reply.status).toBe(403);
    expect(await mailsTo('victim@example.com')).toHaveLength(0);
  });

  it('needs a genuine, unexpired token', async () => {
    const body = { targetAddress: shop(), subject: 'Hi', emailText: 'text' };
    expect((await server.request('POST', '/api/ext/mail-service/send-email', body)).status).toBe(400);
    const forged = await server.request('POST', '/api/ext/mail-service/send-email', { ...body, token: 'eyJleHAiOjk5OTk5OTk5OTl9.forged' });
    expect(forged.body).toEqual({ code: 401, result: 'Email is not authorized!' });
    const expiredToken = await (await import('../../server/ext/mail-service/mail-form-token')).issueMailToken(server.ctx.secrets.authSecret, Date.now() - 11 * 60_000);
    expect((await server.request('POST', '/api/ext/mail-service/send-email', { ...body, token: expiredToken })).status).toBe(401);
  });

  it('send-invoice needs a signed-in customer', async () => {
    expect((await server.request('POST', '/api/ext/mail-service/send-invoice', { orderId: 'x' })).status).toBe(401);
  });
});

describe('OpenAPI', () => {
  it('lists the ext endpoints', async () => {
    const doc = (await server.request<never>('GET', '/api/openapi.json')).body as unknown as { paths: Record<string, Record<string, unknown>> };
    for (const [path, method] of [
      ['/api/ext/newsletter', 'get'], ['/api/ext/newsletter', 'post'], ['/api/ext/newsletter', 'delete'], ['/api/review/create', 'post'], ['/api/review/list', 'get'],
      ['/api/ext/forms/contact', 'post'], ['/api/ext/forms/quote-request', 'post'], ['/api/ext/forms/trade-account', 'post'], ['/api/ext/forms/catalogue-request', 'post'],
      ['/api/ext/mail-service/get-token', 'get'], ['/api/ext/mail-service/send-email', 'post'], ['/api/ext/mail-service/send-invoice', 'post'], ['/api/ext/order-tracking', 'get'],
    ] as const) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
  });
});
