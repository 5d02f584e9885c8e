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

/** Inserts a token into a family (a new one per login); `token` is given when its digest is needed first. */
export async function issueRefreshToken(db: Queryable, customerId: number, ttlSeconds: number, familyId: string = randomUUID(), token: string = randomToken()): Promise<string> {
  await db.query(
    `insert into refresh_tokens (token_hash, family_id, customer_id, expires_at)
     values ($1, $2, $3, now() + make_interval(secs => $4))`,
    [tokenDigest(token), familyId, customerId, ttlSeconds],
  );
  return token;
}

export async function revokeFamily(db: Queryable, familyId: string): Promise<void> {
  await db.query('update refresh_tokens set revoked_at = now() where family_id = $1 and revoked_at is null', [familyId]);
}

/** Ends every session of a customer (password changed or reset). */
export async function revokeAllForCustomer(db: Queryable, customerId: number): Promise<void> {
  await db.query('update refresh_tokens set revoked_at = now() where customer_id = $1 and revoked_at is null', [customerId]);
}

/** Expired rows help nobody; trimmed now and then so the table stays small. */
export async function pruneExpiredRefreshTokens(db: Queryable): Promise<void> {
  await db.query("delete from refresh_tokens where expires_at < now() - interval '1 day'");
}
