import { createHmac, timingSafeEqual } from 'node:crypto';
import { signJwt, verifyJwt } from './jwt';

/**
 * Small stateless tokens for things that are not sessions: the group token the catalogue trusts for
 * prices, the mail-service form token. They are HS256 JWTs (jose) under a key derived per purpose
 * from the shop's secret, so one kind of token can never pass as another (nor as an access token).
 */
function purposeKey(secret: string, purpose: string): Buffer {
  return createHmac('sha256', secret).update(`signed-token:${purpose}`).digest();
}

export function signToken(purpose: string, claims: Record<string, unknown>, secret: string, ttlSeconds: number, now = Date.now()): Promise<string> {
  const iat = Math.floor(now / 1000);
  return signJwt({ ...claims, iat, exp: iat + ttlSeconds }, purposeKey(secret, purpose));
}

/** The claims of a genuine, unexpired token of this purpose; otherwise null. */
export async function verifyToken(purpose: string, token: string, secret: string, now = Date.now()): Promise<Record<string, unknown> | null> {
  const key = purposeKey(secret, purpose);
  return token.split('.').length === 2 ? verifyEarlierToken(token, key, now) : verifyJwt(token, key, now);
}

/**
 * Tokens issued before these were JWTs: `payload.signature`, an HMAC-SHA256 of the base64url payload
 * under the same key. Still accepted until they expire; group tokens, the longest lived, last a
 * refresh token's lifetime (REFRESH_TOKEN_TTL, 30 days by default), after which this can go.
 */
function verifyEarlierToken(token: string, key: Buffer, now: number): Record<string, unknown> | null {
  const [payload, given] = token.split('.') as [string, string];
  const expected = Buffer.from(createHmac('sha256', key).update(payload).digest('base64url'));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    return typeof claims.exp === 'number' && claims.exp * 1000 > now ? claims : null;
  } catch {
    return null;
  }
}
