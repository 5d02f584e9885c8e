import type { Queryable } from '../db/database';
import { randomToken, tokenDigest } from './opaque-token';
import { issueSuccessor, revokeFamily } from './refresh-tokens';

export type RotateOutcome =
  | { ok: true; customerId: number; token: string }
  /** `in-progress`: a parallel replay of the same refresh is replacing the successor; retry shortly. */
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' | 'in-progress' };

interface UsedToken {
  token_hash: string;
  family_id: string;
  customer_id: number;
  request_hash: string | null;
  successor_hash: string | null;
}

/**
 * Consumes `token` and issues its successor (never living past the family's end, so a session ends
 * at its login's limit however often it is refreshed); `requestId` is the client's id for this refresh, kept
 * (as a digest) so that the same refresh sent again after a lost reply is recognised. The
 * conditional update (`used_at is null`) is the race guard: of two concurrent refreshes with one
 * token exactly one gets the row back; the other sees a used token.
 */
export async function rotateRefreshToken(db: Queryable, token: string, ttlSeconds: number, requestId?: string): Promise<RotateOutcome> {
  const hash = tokenDigest(token);
  const next = randomToken();
  const consumed = await db.query<{ customer_id: number; family_id: string }>(
    `update refresh_tokens set used_at = now(), request_hash = $2, successor_hash = $3
     where token_hash = $1 and used_at is null and revoked_at is null and expires_at > now() and family_expires_at > now()
     returning customer_id, family_id`,
    [hash, requestId === undefined ? null : tokenDigest(requestId), tokenDigest(next)],
  );
  const row = consumed[0];
  if (row) {
    await issueSuccessor(db, hash, ttlSeconds, next);
    return { ok: true, customerId: Number(row.customer_id), token: next };
  }
  const known = await db.query<UsedToken & { used_at: string | null; revoked_at: string | null }>(
    'select token_hash, family_id, customer_id, request_hash, successor_hash, used_at, revoked_at from refresh_tokens where token_hash = $1',
    [hash],
  );
  const found = known[0];
  if (!found) return { ok: false, reason: 'unknown' };
  if (found.revoked_at) return { ok: false, reason: 'revoked' };
  if (found.used_at) return replayOrReuse(db, found, requestId, ttlSeconds);
  return { ok: false, reason: 'expired' };
}

/**
 * A used token presented again. With the request id of the refresh that used it, while the token
 * issued in its place is unused, it is that refresh again (its reply was lost): the unused successor
 * is revoked and another is issued in the same family, so the family never has two live tokens.
 * Anything else (no id, another id, a successor already used) means two parties hold the token: the
 * family is revoked.
 */
async function replayOrReuse(db: Queryable, used: UsedToken, requestId: string | undefined, ttlSeconds: number): Promise<RotateOutcome> {
  const sameRequest = requestId !== undefined && used.request_hash !== null && used.request_hash === tokenDigest(requestId);
  if (!sameRequest || used.successor_hash === null) return reuse(db, used.family_id);
  // Conditional, like the first use: of two replays at once only one replaces the successor.
  const replaced = await db.query(
    'update refresh_tokens set revoked_at = now() where token_hash = $1 and used_at is null and revoked_at is null and expires_at > now() returning token_hash',
    [used.successor_hash],
  );
  if (replaced.length === 0) {
    const rows = await db.query<{ used_at: string | null; revoked_at: string | null }>('select used_at, revoked_at from refresh_tokens where token_hash = $1', [used.successor_hash]);
    const successor = rows[0];
    if (successor?.used_at) return reuse(db, used.family_id);
    // Revoked without being used: only a parallel replay does that (a revoked family is refused earlier).
    return { ok: false, reason: successor?.revoked_at ? 'in-progress' : 'expired' };
  }
  const next = randomToken();
  await db.query('update refresh_tokens set successor_hash = $2 where token_hash = $1', [used.token_hash, tokenDigest(next)]);
  await issueSuccessor(db, used.token_hash, ttlSeconds, next);
  return { ok: true, customerId: Number(used.customer_id), token: next };
}

async function reuse(db: Queryable, familyId: string): Promise<RotateOutcome> {
  await revokeFamily(db, familyId);
  return { ok: false, reason: 'reused' };
}
