import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyGroupToken } from '../../server/auth/group-token';
import { startTestServer, type TestServer } from '../helpers/test-server';

/** Registration, the profile, addresses and who may touch them. */
let server: TestServer;
const PASSWORD = 'Sup3r-secret';

interface Customer {
  id: number;
  group_id: number;
  email: string;
  firstname: string;
  lastname: string;
  created_at: string;
  addresses: Array<{ id: number; customer_id: number; city: string; street: string[]; default_shipping: boolean; country_id: string }>;
  groupToken?: string;
}

const address = (over: Record<string, unknown> = {}) => ({
  firstname: 'Ann', lastname: 'Lee', street: ['1 High Street', 'Unit 4'], city: 'Leeds', postcode: 'LS1 4AP', country_id: 'GB', telephone: '0113 496 0000', ...over,
});

function create(email: string, extra: Record<string, unknown> = {}, password = PASSWORD) {
  return server.request<Customer>('POST', '/api/user/create', { customer: { email, firstname: 'Ann', lastname: 'Lee', ...extra }, password });
}

async function session(email: string): Promise<Record<string, string>> {
  const reply = await server.request<string>('POST', '/api/user/login', { username: email, password: PASSWORD });
  expect(reply.status).toBe(200);
  return { authorization: `Bearer ${reply.body.result}` };
}

const me = (auth: Record<string, string>) => server.request<Customer>('GET', '/api/user/me', undefined, auth);
const update = (auth: Record<string, string>, customer: Record<string, unknown>, currentPassword?: string) =>
  server.request<Customer>('POST', '/api/user/me', { customer, ...(currentPassword === undefined ? {} : { currentPassword }) }, auth);
const mailsTo = (address: string) => server.ctx.db.query<{ subject: string; text: string }>('select subject, text from mail_outbox where to_address = $1 order by id', [address]);

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('POST /api/user/create', () => {
  it('creates a group-1 customer with addresses, stores the e-mail lower-case and never returns the password', async () => {
    const reply = await create('New.Customer@Example.com', { addresses: [address({ default_shipping: true })] });
    expect(reply.status).toBe(200);
    const customer = reply.body.result;
    expect(customer).toMatchObject({ group_id: 1, email: 'new.customer@example.com', firstname: 'Ann', lastname: 'Lee' });
    expect(customer.id).toBeGreaterThan(0);
    expect(Date.parse(customer.created_at)).not.toBeNaN();
    expect(customer.addresses).toHaveLength(1);
    expect(customer.addresses[0]).toMatchObject({ customer_id: customer.id, street: ['1 High Street', 'Unit 4'], default_shipping: true });
    expect(JSON.stringify(reply.body)).not.toMatch(/password|scrypt/i);
    const stored = await server.ctx.db.query<{ password_hash: string }>('select password_hash from customers where id = $1', [customer.id]);
    expect(stored[0]!.password_hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(stored[0]!.password_hash).not.toContain(PASSWORD);
  });

  it('refuses a second account for the same e-mail, whatever its case', async () => {
    expect((await create('dupe@example.com')).status).toBe(200);
    const again = await create('DUPE@example.com');
    expect(again.status).toBe(400);
    expect(again.body.result).toBe('A customer with the same email already exists in an associated website');
    const rows = await server.ctx.db.query('select 1 from customers where email = $1', ['dupe@example.com']);
    expect(rows).toHaveLength(1);
  });

  it.each([
    [{ password: 'short' }, 'password: Password must have at least 8 letters.'],
    [{ firstname: 'A' }, 'customer.firstname: Name must have at least 2 letters.'],
    [{ lastname: 'B' }, 'customer.lastname: Name must have at least 2 letters.'],
    [{ email: 'not-an-email' }, 'customer.email: Please provide valid e-mail address.'],
    [{ group_id: 4 }, 'customer.group_id: unknown field'],
  ])('refuses bad input %# with a message naming the field, creating nothing', async (change, message) => {
    const { password = PASSWORD, ...customer } = change as Record<string, unknown>;
    const email = `bad.input.${Object.keys(change)[0]}@example.com`;
    const reply = await server.request<string>('POST', '/api/user/create', { customer: { email, firstname: 'Ann', lastname: 'Lee', ...customer }, password });
    expect(reply.status).toBe(400);
    expect(reply.body.result).toBe(message);
    expect(await server.ctx.db.query('select 1 from customers where email = $1', [email])).toHaveLength(0);
  });

  it('refuses a bad address without creating the customer', async () => {
    const reply = await create('bad.address@example.com', { addresses: [address({ postcode: 'L1' })] });
    expect(reply.status).toBe(400);
    expect(reply.body.result).toBe('customer.addresses.0.postcode: Zip-code must have at least 3 letters.');
    expect(await server.ctx.db.query('select 1 from customers where email = $1', ['bad.address@example.com'])).toHaveLength(0);
  });
});

describe('GET /api/user/me', () => {
  it('returns the profile with a groupToken for the catalogue', async () => {
    await create('me.read@example.com', { addresses: [address()] });
    const reply = await me(await session('me.read@example.com'));
    expect(reply.status).toBe(200);
    expect(reply.body.code).toBe(200);
    expect(reply.body.result).toMatchObject({ email: 'me.read@example.com', group_id: 1 });
    expect(reply.body.result.addresses).toHaveLength(1);
    expect(await verifyGroupToken(reply.body.result.groupToken!, server.ctx.secrets.authSecret)).toEqual({ groupId: 1, customerId: String(reply.body.result.id) });
    expect(JSON.stringify(reply.body)).not.toMatch(/password/i);
  });

  it('needs a valid token: none, forged or query-string forms', async () => {
    expect((await server.request('GET', '/api/user/me')).status).toBe(401);
    expect((await me({ authorization: 'Bearer abc.def.ghi' })).status).toBe(401);
    await create('me.query@example.com');
    const token = (await session('me.query@example.com')).authorization!.slice(7);
    expect((await server.request('GET', `/api/user/me?token=${token}`)).status).toBe(200);
  });
});

describe('POST /api/user/me', () => {
  it('changes names, e-mail and the address list (update, add, remove)', async () => {
    const created = (await create('me.update@example.com', { addresses: [address({ city: 'Leeds' }), address({ city: 'York' })] })).body.result;
    const auth = await session('me.update@example.com');
    const [leeds] = created.addresses;
    const reply = await update(auth, {
      firstname: 'Anna', email: 'Me.Updated@example.com',
      addresses: [{ ...address({ city: 'Bradford', default_shipping: true }), id: leeds!.id }, address({ city: 'Hull', country_id: 'gb' })],
    }, PASSWORD);
    expect(reply.status).toBe(200);
    expect(reply.body.result).toMatchObject({ firstname: 'Anna', lastname: 'Lee', email: 'me.updated@example.com' });
    const cities = reply.body.result.addresses.map((a) => a.city);
    expect(cities).toEqual(['Bradford', 'Hull']);
    expect(reply.body.result.addresses[0]).toMatchObject({ id: leeds!.id, default_shipping: true });
    expect(reply.body.result.addresses[1]!.country_id).toBe('GB');
    expect((await me(auth)).body.result.addresses.map((a) => a.city)).toEqual(['Bradford', 'Hull']);
  });

  it('changes the e-mail address only with the current password, and tells the old address', async () => {
    await create('take.over@example.com');
    const auth = await session('take.over@example.com');
    const missing = await update(auth, { email: 'attacker@example.com' });
    expect(missing.status).toBe(400);
    expect(missing.body.result).toBe('Enter your current password to change the e-mail address.');
    const wrong = await update(auth, { email: 'attacker@example.com' }, 'guessed-it-wrong');
    expect(wrong.status).toBe(400);
    expect(wrong.body.result).toBe("The password doesn't match this account.");
    expect((await me(auth)).body.result.email).toBe('take.over@example.com');
    expect(await mailsTo('take.over@example.com')).toEqual([]);
    // Names alone, or the same address again, need no password.
    expect((await update(auth, { firstname: 'Anne', email: 'Take.Over@example.com' })).status).toBe(200);

    const changed = await update(auth, { email: 'taken.over@example.com' }, PASSWORD);
    expect(changed.status).toBe(200);
    expect(changed.body.result.email).toBe('taken.over@example.com');
    const told = await mailsTo('take.over@example.com');
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toBe('The e-mail address of your account was changed');
    expect(told[0]!.text).toContain('from take.over@example.com to taken.over@example.com');
  });

  it("refuses another customer's address id with 403 and changes nothing", async () => {
    const a = (await create('idor.a@example.com', { addresses: [address({ city: 'Leeds' })] })).body.result;
    const b = (await create('idor.b@example.com', { addresses: [address({ city: 'York' })] })).body.result;
    const authA = await session('idor.a@example.com');
    const victim = b.addresses[0]!.id;
    const reply = await update(authA, { firstname: 'Mallory', addresses: [{ ...address({ city: 'Stolen' }), id: victim }] });
    expect(reply.status).toBe(403);
    expect(reply.body.result).toBe('Provided invalid address.id or address.customer_id');
    const foreignOwner = await update(authA, { addresses: [{ ...address(), customer_id: b.id }] });
    expect(foreignOwner.status).toBe(403);
    const rows = await server.ctx.db.query<{ city: string; customer_id: number }>('select city, customer_id from customer_addresses where id = $1', [victim]);
    expect(rows[0]).toEqual({ city: 'York', customer_id: b.id });
    const profileA = (await me(authA)).body.result;
    expect(profileA.firstname).toBe('Ann');
    expect(profileA.addresses.map((x) => x.city)).toEqual(['Leeds']);
    expect(a.id).not.toBe(b.id);
  });

  it("A's token only ever reads and changes A", async () => {
    await create('own.a@example.com');
    await create('own.b@example.com');
    const authA = await session('own.a@example.com');
    expect((await me(authA)).body.result.email).toBe('own.a@example.com');
    const reply = await update(authA, { firstname: 'Changed' });
    expect(reply.body.result.email).toBe('own.a@example.com');
    expect((await me(await session('own.b@example.com'))).body.result.firstname).toBe('Ann');
  });

  it('refuses fields that may not change, and an e-mail that belongs to someone else', async () => {
    await create('fields@example.com');
    await create('taken@example.com');
    const auth = await session('fields@example.com');
    const group = await update(auth, { group_id: 2 });
    expect(group.status).toBe(400);
    expect(group.body.result).toBe('customer.group_id: unknown field');
    const taken = await update(auth, { email: 'Taken@Example.com', firstname: 'Zed' }, PASSWORD);
    expect(taken.status).toBe(400);
    expect(taken.body.result).toBe('A customer with the same email already exists in an associated website');
    const now = (await me(auth)).body.result;
    expect(now).toMatchObject({ email: 'fields@example.com', firstname: 'Ann', group_id: 1 });
  });

  it('refuses two default shipping addresses and bad address fields', async () => {
    await create('defaults@example.com');
    const auth = await session('defaults@example.com');
    const two = await update(auth, { addresses: [address({ default_shipping: true }), address({ default_shipping: true })] });
    expect(two.status).toBe(400);
    expect(two.body.result).toContain('default_shipping');
    const street = await update(auth, { addresses: [address({ street: [] })] });
    expect(street.status).toBe(400);
    expect(street.body.result).toBe('customer.addresses.0.street: Field is required.');
    expect((await me(auth)).body.result.addresses).toHaveLength(0);
  });
});

describe('OpenAPI', () => {
  it('lists every account endpoint', async () => {
    const doc = (await server.request<never>('GET', '/api/openapi.json')).body as unknown as { paths: Record<string, Record<string, unknown>> };
    for (const [path, method] of [
      ['/api/user/create', 'post'], ['/api/user/login', 'post'], ['/api/user/refresh', 'post'], ['/api/user/me', 'get'], ['/api/user/me', 'post'],
      ['/api/user/change-password', 'post'], ['/api/user/reset-password', 'post'], ['/api/user/create-password', 'post'], ['/api/user/order-history', 'get'],
    ] as const) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
  });
});
