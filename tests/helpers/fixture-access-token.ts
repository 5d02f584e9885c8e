import { createHmac } from 'node:crypto';

/**
 * Access tokens for test fixtures, made the way the shop made them before it signed with jose
 * (node:crypto HMAC-SHA256, the same header and claims in the same order, so byte for byte the same
 * token). Synchronous, which keeps the fixtures simple, and every suite that signs in with one also
 * checks that tokens issued before the move to jose still verify.
 */
export function fixtureAccessToken(claims: { sub: string; groupId: number }, secret: string, ttlSeconds: number, now = Date.now()): string {
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const header = b64({ alg: 'HS256', typ: 'JWT' });
  const payload = b64({ sub: claims.sub, groupId: claims.groupId, iat: Math.floor(now / 1000), exp: Math.ceil(now / 1000 + ttlSeconds), typ: 'access' });
  return `${header}.${payload}.${createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url')}`;
}
