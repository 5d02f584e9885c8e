import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database';
import { randomToken, tokenDigest } from './opaque-token';

/**
 * Rotating refresh tokens (the reference system's "refresh token" was the encrypted password).
 * A token is an opaque random secret; the table keeps its sha256, its family (one per login),
 * expiry, and when it was used or revoked. Each token works once: a refresh consumes it and hands
 * out the next one of the same family. Seeing a consumed token again means two parties hold it
 * (it leaked, or a client replayed it), so the whole family is revoked and that session ends.
 */

export async function issueRefreshToken(db: Queryable, customerId: number, ttlSeconds: number, familyId: string = randomUUID()): Promise<string> {
  const token = randomToken();
  await db.query(
    `insert into refresh_tokens (token_hash, family_id, customer_id, expires_at)
     values ($1, $2, $3, now() + make_interval(secs => $4))`,
    [tokenDigest(token), familyId, customerId, ttlSeconds],
  );
  return token;
}

export type RotateOutcome = { ok: true; customerId: number; token: string } | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

/**
 * Consumes `token` and issues its successor. The conditional update (`used_at is null`) is the
 * race guard: of two concurrent refreshes with one token exactly one gets the row back; the other
 * sees a used token and is treated as reuse.
 */
export async function rotateRefreshToken(db: Queryable, token: string, ttlSeconds: number): Promise<RotateOutcome> {
  const hash = tokenDigest(token);
  const consumed = await db.query<{ customer_id: number; family_id: string }>(
    `update refresh_tokens set used_at = now()
     where token_hash = $1 and used_at is null and revoked_at is null and expires_at > now()
     returning customer_id, family_id`,
    [hash],
  );
  const row = consumed[0];
  if (row) {
    const next = await issueRefreshToken(db, Number(row.customer_id), ttlSeconds, row.family_id);
    return { ok: true, customerId: Number(row.customer_id), token: next };
  }
  const known = await db.query<{ family_id: string; used_at: string | null; revoked_at: string | null }>(
    'select family_id, used_at, revoked_at from refresh_tokens where token_hash = $1',
    [hash],
  );
  const found = known[0];
  if (!found) return { ok: false, reason: 'unknown' };
  if (found.revoked_at) return { ok: false, reason: 'revoked' };
  if (found.used_at) {
    await revokeFamily(db, found.family_id);
    return { ok: false, reason: 'reused' };
  }
  return { ok: false, reason: 'expired' };
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
