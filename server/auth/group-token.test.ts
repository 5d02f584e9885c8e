import { describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessToken } from './access-token';
import { signGroupToken, verifyGroupToken } from './group-token';
import { signToken, verifyToken } from './signed-token';

const SECRET = 'test-secret';

/** Tokens as the shop issued them before they were JWTs (`payload.signature`), valid until 2099, secret `old-format-secret`. */
const EARLIER_GROUP_TOKEN = 'eyJncm91cF9pZCI6MSwiaWQiOiI0MiIsImlhdCI6MTc2NzIyNTYwMCwiZXhwIjo0MDcwOTA4ODAwfQ.4XfxOHHJdcEgoZefVfhv4CDT_KtmmU0FcCeAUhw5inQ';
const EARLIER_MAIL_TOKEN = 'eyJpYXQiOjE3NjcyMjU2MDAsImV4cCI6NDA3MDkwODgwMH0.Qq6bjwEj14jO45yyO1MWWDwblLXQmkOSKEiyaodc2Q0';

const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>;
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('group token', () => {
  it('carries the group and the customer in an HS256 JWT', async () => {
    const token = await signGroupToken({ groupId: 1, customerId: '42' }, SECRET, 60);
    expect(await verifyGroupToken(token, SECRET)).toEqual({ groupId: 1, customerId: '42' });
    const [header, payload] = token.split('.') as [string, string, string];
    expect(decode(header)).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(Object.keys(decode(payload))).toEqual(['group_id', 'id', 'iat', 'exp']);
  });

  it('is refused when expired, forged or signed with another secret', async () => {
    const now = Date.now();
    const token = await signGroupToken({ groupId: 1, customerId: '42' }, SECRET, 60, now);
    expect(await verifyGroupToken(token, SECRET, now + 59_000)).not.toBeNull();
    expect(await verifyGroupToken(token, SECRET, now + 61_000)).toBeNull();
    expect(await verifyGroupToken(token, 'other-secret', now)).toBeNull();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    expect(await verifyGroupToken(`${header}.${encode({ ...decode(payload), group_id: 9 })}.${signature}`, SECRET, now)).toBeNull();
    expect(await verifyGroupToken(`${encode({ alg: 'none', typ: 'JWT' })}.${payload}.`, SECRET, now)).toBeNull();
    // A JWT's payload and signature without its header are no earlier-format token either.
    expect(await verifyGroupToken(`${payload}.${signature}`, SECRET, now)).toBeNull();
  });

  it('cannot pass as another kind of token, nor an access token as a group token', async () => {
    const group = await signGroupToken({ groupId: 1, customerId: '42' }, SECRET, 60);
    expect(await verifyToken('mail-form', group, SECRET)).toBeNull();
    expect(await verifyAccessToken(group, SECRET)).toBeNull();
    expect(await verifyGroupToken(await signAccessToken({ sub: '42', groupId: 1 }, SECRET, 60), SECRET)).toBeNull();
    expect(await verifyToken('mail-form', await signToken('mail-form', { a: 1 }, SECRET, 60), SECRET)).toMatchObject({ a: 1 });
  });

  it('still accepts tokens issued before they were JWTs, until they expire', async () => {
    expect(await verifyGroupToken(EARLIER_GROUP_TOKEN, 'old-format-secret')).toEqual({ groupId: 1, customerId: '42' });
    expect(await verifyToken('mail-form', EARLIER_MAIL_TOKEN, 'old-format-secret')).toEqual({ iat: 1_767_225_600, exp: 4_070_908_800 });
    expect(await verifyGroupToken(EARLIER_GROUP_TOKEN, 'old-format-secret', 4_070_908_800_000)).toBeNull();
    expect(await verifyGroupToken(EARLIER_GROUP_TOKEN, SECRET)).toBeNull();
    expect(await verifyToken('mail-form', EARLIER_GROUP_TOKEN, 'old-format-secret')).toBeNull();
    const [payload, signature] = EARLIER_GROUP_TOKEN.split('.') as [string, string];
    expect(await verifyGroupToken(`${encode({ ...decode(payload), group_id: 9 })}.${signature}`, 'old-format-secret')).toBeNull();
  });
});
