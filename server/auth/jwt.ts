import { SignJWT, jwtVerify, type JWTPayload } from 'jose';

/**
 * HS256 JSON Web Tokens through `jose`, the one place the shop signs and checks them. The header
 * stays `{"alg":"HS256","typ":"JWT"}` and the claims stay as the callers give them, so tokens issued
 * before the shop used jose still verify.
 */
const ALGORITHM = 'HS256';

/**
 * No leeway on expiry. Issuer and verifier are the shop's own processes (one clock, or hosts kept in
 * step by NTP); a token refused a moment early only makes the client refresh, while leeway would
 * keep every expired token usable for that long. jose's tolerance widens nothing else here: the
 * tokens carry no `nbf`.
 */
const CLOCK_TOLERANCE_SECONDS = 0;

export type JwtKey = string | Uint8Array;

/**
 * Imported HMAC keys by their bytes: importing one costs more than the check itself, and a shop has
 * a handful (its secret and the per-purpose keys derived from it).
 */
const imported = new Map<string, Promise<CryptoKey>>();
const MAX_KEYS = 32;

function cryptoKey(key: JwtKey): Promise<CryptoKey> {
  const bytes = typeof key === 'string' ? Buffer.from(key, 'utf8') : Buffer.from(key);
  const id = bytes.toString('base64');
  let found = imported.get(id);
  if (!found) {
    if (imported.size >= MAX_KEYS) imported.clear();
    found = crypto.subtle.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    imported.set(id, found);
  }
  return found;
}

/** Signs `claims`, which carry their own `iat` and `exp` (seconds since the epoch) where the caller wants them in the payload. */
export async function signJwt(claims: JWTPayload & { iat: number; exp: number }, key: JwtKey): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' }).sign(await cryptoKey(key));
}

/**
 * The claims of a genuine, unexpired token signed with `key`; null for anything else: another
 * algorithm (`none`, or an HMAC key passed off as a public key), a wrong signature, a tampered or
 * malformed token, no `exp`, or an `exp` at or before `now`.
 */
export async function verifyJwt(token: string, key: JwtKey, now: number): Promise<JWTPayload | null> {
  try {
    const { payload } = await jwtVerify(token, await cryptoKey(key), {
      algorithms: [ALGORITHM],
      typ: 'JWT',
      requiredClaims: ['exp'],
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      currentDate: new Date(now),
    });
    return payload;
  } catch {
    return null;
  }
}
