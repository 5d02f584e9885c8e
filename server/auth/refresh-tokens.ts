import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database';
import { randomToken, tokenDigest } from './opaque-token';

/**
 * Rotating refresh tokens (the reference system's "refresh token" was the encrypted password).
 * A token is an opaque random secret; the table keeps its sha256, its family (one per login),
 * expiry, and when it was used or revoked. Each token works once: a refresh consumes it and hands
 * out the next one of the same family (refresh-rotation.ts). Seeing a consumed token again means
 * two parties hold it (it leaked), so the whole family is revoked and that session ends, unless it
 * is the same refresh again after a lost reply.
 */

/**
 * Starts a family (a login) with its first token. The family ends `maxAgeSeconds` from now whatever
 * happens; each token lives `ttlSeconds` (at most until then).
 */
export async function startRefreshFamily(db: Queryable, customerId: number, ttlSeconds: number, maxAgeSeconds: number): Promise<string> {
  const token = randomToken();
  await db.query(
    `insert into refresh_tokens (token_hash, family_id, customer_id, family_expires_at, expires_at)
     values ($1, $2, $3, now() + make_interval(secs => $5), least(now() + make_interval(secs => $4), now() + make_interval(secs => $5)))`,
    [tokenDigest(token), randomUUID(), customerId, ttlSeconds, maxAgeSeconds],
  );
  return token;
}

/**
 * Inserts `token` as the successor of the token with digest `previousHash`: same family, same
 * customer, same end of the family, so a rotation never extends the session past its login's limit.
 */
export async function issueSuccessor(db: Queryable, previousHash: string, ttlSeconds: number, token: string): Promise<void> {
  await db.query(
    `insert into refresh_tokens (token_hash, family_id, customer_id, family_expires_at, expires_at)
     select $1, family_id, customer_id, family_expires_at, least(now() + make_interval(secs => $3), family_expires_at)
     from refresh_tokens where token_hash = $2`,
    [tokenDigest(token), previousHash, ttlSeconds],
  );
}

/**
 * Revokes every token of a family. Twice: a rotation running at the same time may insert a successor
 * after the first statement read the family (PostgreSQL's read committed); the first statement waits
 * for that rotation's lock on the token it consumes, so the second sees the successor.
 */
export async function revokeFamily(db: Queryable, familyId: string): Promise<void> {
  for (let pass = 0; pass < 2; pass++) {
    await db.query('update refresh_tokens set revoked_at = now() where family_id = $1 and revoked_at is null', [familyId]);
  }
}

/** The family and customer of a refresh token (used, revoked or expired alike), or undefined. */
export async function refreshTokenOwner(db: Queryable, token: string): Promise<{ familyId: string; customerId: number } | undefined> {
  const rows = await db.query<{ family_id: string; customer_id: number }>('select family_id, customer_id from refresh_tokens where token_hash = $1', [tokenDigest(token)]);
  const row = rows[0];
  return row ? { familyId: row.family_id, customerId: Number(row.customer_id) } : undefined;
}

/** Ends every session of a customer (password changed or reset). */
export async function revokeAllForCustomer(db: Queryable, customerId: number): Promise<void> {
  await db.query('update refresh_tokens set revoked_at = now() where customer_id = $1 and revoked_at is null', [customerId]);
}

/** Expired rows help nobody; trimmed now and then so the table stays small. */
export async function pruneExpiredRefreshTokens(db: Queryable): Promise<void> {
  await db.query("delete from refresh_tokens where expires_at < now() - interval '1 day'");
}
