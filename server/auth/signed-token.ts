import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Small stateless tokens (`payload.signature`, base64url) for things that are not sessions: the
 * group token the catalogue trusts for prices, the mail-service form token. The key is derived
 * per purpose from the shop's secret, so one kind of token can never pass as another (nor as an
 * access token).
 */
function purposeKey(secret: string, purpose: string): Buffer {
  return createHmac('sha256', secret).update(`signed-token:${purpose}`).digest();
}

function signature(data: string, secret: string, purpose: string): string {
  return createHmac('sha256', purposeKey(secret, purpose)).update(data).digest('base64url');
}

export function signToken(purpose: string, claims: Record<string, unknown>, secret: string, ttlSeconds: number, now = Date.now()): string {
  const iat = Math.floor(now / 1000);
  const payload = Buffer.from(JSON.stringify({ ...claims, iat, exp: iat + ttlSeconds })).toString('base64url');
  return `${payload}.${signature(payload, secret, purpose)}`;
}

/** The claims of a genuine, unexpired token of this purpose; otherwise null. */
export function verifyToken(purpose: string, token: string, secret: string, now = Date.now()): Record<string, unknown> | null {
  const [payload, given, extra] = token.split('.');
  if (!payload || !given || extra !== undefined) return null;
  const expected = Buffer.from(signature(payload, secret, purpose));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (typeof claims.exp !== 'number' || claims.exp * 1000 <= now) return null;
    return claims;
  } catch {
    return null;
  }
}
