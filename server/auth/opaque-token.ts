import { createHash, randomBytes } from 'node:crypto';

/** A random secret for links and refresh tokens: 32 bytes, base64url (43 characters). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Only this digest is stored, so a database leak does not hand out working tokens. The tokens are
 * long random values, so a fast hash is enough (there is nothing to guess).
 */
export function tokenDigest(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
