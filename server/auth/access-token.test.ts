import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessToken } from './access-token';

const SECRET = 'old-format-secret';
const ISSUED = Date.UTC(2026, 0, 1);

/**
 * Made by the shop's own HS256 code before it signed with jose: customer 42, group 1, issued
 * 2026-01-01, the first valid until 2099, the second for 15 minutes.
 */
const EARLIER_TOKEN =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI0MiIsImdyb3VwSWQiOjEsImlhdCI6MTc2NzIyNTYwMCwiZXhwIjo0MDcwOTA4ODAwLCJ0eXAiOiJhY2Nlc3MifQ.--ekqz9xAq9bDVtDpMcGsZpaWiBrBphBEGXcf9Q--lw';
const EARLIER_SHORT_TOKEN =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI0MiIsImdyb3VwSWQiOjEsImlhdCI6MTc2NzIyNTYwMCwiZXhwIjoxNzY3MjI2NTAwLCJ0eXAiOiJhY2Nlc3MifQ.OWG9FmvuRLtMadyKqt0T9l-T99EOhjAJ95axZcRryuM';

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>;
const hs256 = (data: string, key: string) => createHmac('sha256', key).update(data).digest('base64url');

describe('access token', () => {
  it('verifies a token issued before the move to jose', async () => {
    expect(await verifyAccessToken(EARLIER_TOKEN, SECRET)).toEqual({ sub: '42', groupId: 1, iat: 1_767_225_600, exp: 4_070_908_800 });
  });

  it('is signed byte for byte as before: same header, claims and order', async () => {
    expect(await signAccessToken({ sub: '42', groupId: 1 }, SECRET, 900, ISSUED)).toBe(EARLIER_SHORT_TOKEN);
    expect(await signAccessToken({ sub: '42', groupId: 1 }, SECRET, (4_070_908_800_000 - ISSUED) / 1000, ISSUED)).toBe(EARLIER_TOKEN);
  });

  it('expires exactly at exp, with no leeway', async () => {
    const exp = 1_767_226_500_000;
    expect(await verifyAccessToken(EARLIER_SHORT_TOKEN, SECRET, exp - 1)).not.toBeNull();
    expect(await verifyAccessToken(EARLIER_SHORT_TOKEN, SECRET, exp)).toBeNull();
    const fresh = await signAccessToken({ sub: '42', groupId: 1 }, SECRET, 1, Date.now() - 2_000);
    expect(await verifyAccessToken(fresh, SECRET)).toBeNull();
  });

  it('refuses alg none, another algorithm, a wrong secret, a tampered payload and junk', async () => {
    const [header, payload, signature] = EARLIER_TOKEN.split('.') as [string, string, string];
    const richer = encode({ ...decode(payload), groupId: 99 });
    const refused = [
      `${encode({ alg: 'none', typ: 'JWT' })}.${payload}.`,
      `${encode({ alg: 'none', typ: 'JWT' })}.${payload}.${signature}`,
      `${encode({ alg: 'HS512', typ: 'JWT' })}.${payload}.${hs256(`${encode({ alg: 'HS512', typ: 'JWT' })}.${payload}`, SECRET)}`,
      `${header}.${richer}.${signature}`,
      `${header}.${richer}.${hs256(`${header}.${richer}`, '')}`,
      `${header}.${payload}.`,
      `${header}.${payload}`,
      'definitely-not-a-token',
      '',
    ];
    for (const token of refused) expect(await verifyAccessToken(token, SECRET), token).toBeNull();
    expect(await verifyAccessToken(EARLIER_TOKEN, 'another-secret')).toBeNull();
  });

  it('refuses a genuine JWT that is not an access token or lacks its claims', async () => {
    const header = encode({ alg: 'HS256', typ: 'JWT' });
    const signed = (claims: object) => `${header}.${encode(claims)}.${hs256(`${header}.${encode(claims)}`, SECRET)}`;
    const base = { sub: '42', groupId: 1, iat: 1_767_225_600, exp: 4_070_908_800, typ: 'access' };
    expect(await verifyAccessToken(signed(base), SECRET)).not.toBeNull();
    expect(await verifyAccessToken(signed({ ...base, typ: 'refresh' }), SECRET)).toBeNull();
    expect(await verifyAccessToken(signed({ ...base, exp: undefined }), SECRET)).toBeNull();
    expect(await verifyAccessToken(signed({ ...base, exp: '4070908800' }), SECRET)).toBeNull();
    expect(await verifyAccessToken(signed({ ...base, groupId: '1' }), SECRET)).toBeNull();
    expect(await verifyAccessToken(signed({ ...base, sub: 42 }), SECRET)).toBeNull();
  });
});
