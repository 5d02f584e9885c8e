import { createHmac, timingSafeEqual } from 'node:crypto';

/** What an access token says about its holder. Guests have no token and use group 0. */
export interface AuthClaims {
  /** Customer id. */
  sub: string;
  groupId: number;
  /** Issued-at and expiry, seconds since the epoch. */
  iat: number;
  exp: number;
}

const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

function base64url(input: string | Buffer): string {
  return Buffer.from(input).toString('base64url');
}

function sign(data: string, secret: string): string {
  return createHmac('sha256', secret).update(data).digest('base64url');
}

/** A short-lived HS256 JWT; sessions last through rotating refresh tokens, not long access tokens. */
export function signAccessToken(claims: { sub: string; groupId: number }, secret: string, ttlSeconds: number, now = Date.now()): string {
  const iat = Math.floor(now / 1000);
  // Rounded up so a token lives at least its TTL, never a fraction of a second less.
  const exp = Math.ceil(now / 1000 + ttlSeconds);
  const payload = base64url(JSON.stringify({ sub: claims.sub, groupId: claims.groupId, iat, exp, typ: 'access' }));
  return `${HEADER}.${payload}.${sign(`${HEADER}.${payload}`, secret)}`;
}

/** Returns the claims of a valid, unexpired token, else null (forged, expired, malformed). */
export function verifyAccessToken(token: string, secret: string, now = Date.now()): AuthClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  if (header !== HEADER) return null;
  const expected = Buffer.from(sign(`${header}.${payload}`, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<AuthClaims & { typ: string }>;
    if (claims.typ !== 'access' || typeof claims.sub !== 'string' || typeof claims.exp !== 'number' || typeof claims.groupId !== 'number') return null;
    if (claims.exp * 1000 <= now) return null;
    return { sub: claims.sub, groupId: claims.groupId, iat: claims.iat ?? 0, exp: claims.exp };
  } catch {
    return null;
  }
}
