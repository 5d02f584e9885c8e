import { signJwt, verifyJwt } from './jwt';

/** What an access token says about its holder. Guests have no token and use group 0. */
export interface AuthClaims {
  /** Customer id. */
  sub: string;
  groupId: number;
  /** Issued-at and expiry, seconds since the epoch. */
  iat: number;
  exp: number;
}

/** A short-lived HS256 JWT; sessions last through rotating refresh tokens, not long access tokens. */
export function signAccessToken(claims: { sub: string; groupId: number }, secret: string, ttlSeconds: number, now = Date.now()): Promise<string> {
  const iat = Math.floor(now / 1000);
  // Rounded up so a token lives at least its TTL, never a fraction of a second less.
  const exp = Math.ceil(now / 1000 + ttlSeconds);
  return signJwt({ sub: claims.sub, groupId: claims.groupId, iat, exp, typ: 'access' }, secret);
}

/** Returns the claims of a valid, unexpired token, else null (forged, expired, malformed). */
export async function verifyAccessToken(token: string, secret: string, now = Date.now()): Promise<AuthClaims | null> {
  const claims = await verifyJwt(token, secret, now);
  if (!claims || claims.typ !== 'access' || typeof claims.sub !== 'string' || typeof claims.exp !== 'number' || typeof claims.groupId !== 'number') return null;
  return { sub: claims.sub, groupId: claims.groupId, iat: claims.iat ?? 0, exp: claims.exp };
}
