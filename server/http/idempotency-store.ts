import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database';
import type { Envelope } from './envelope';

/** The `idempotency_keys` table (migration 004). */
export interface KeyScope {
  owner: string;
  key: string;
  method: string;
  path: string;
  requestHash: string;
}

export interface StoredKey {
  request_hash: string;
  state: 'pending' | 'done';
  reply_code: number | null;
  reply: Envelope | null;
}

/** How long a key is remembered (the draft leaves it to the server; 24 h outlasts any client retry). */
const KEEP_SECONDS = 24 * 60 * 60;
/** A claim this old was abandoned (its process died before storing a reply); no request runs that long. */
const LEASE_SECONDS = 5 * 60;

/**
 * Claims the key for this request; returns the claim id, or null when another request holds it.
 * One statement, so it is atomic across API processes on one PostgreSQL: a new key is inserted; an
 * existing one is taken over only when it has expired, or when it is an abandoned claim of this
 * very request.
 */
export async function claimKey(db: Queryable, scope: KeyScope): Promise<string | null> {
  const claimId = randomUUID();
  const rows = await db.query(
    `insert into idempotency_keys (owner, key, method, path, request_hash, state, claim_id)
     values ($1, $2, $3, $4, $5, 'pending', $6)
     on conflict (owner, key) do update
       set method = excluded.method, path = excluded.path, request_hash = excluded.request_hash, state = 'pending',
           claim_id = excluded.claim_id, reply_code = null, reply = null, created_at = now(), claimed_at = now()
       where idempotency_keys.created_at < now() - make_interval(secs => $7)
          or (idempotency_keys.state = 'pending' and idempotency_keys.request_hash = excluded.request_hash
              and idempotency_keys.claimed_at < now() - make_interval(secs => $8))
     returning claim_id`,
    [scope.owner, scope.key, scope.method, scope.path, scope.requestHash, claimId, KEEP_SECONDS, LEASE_SECONDS],
  );
  return rows.length === 1 ? claimId : null;
}

export async function findKey(db: Queryable, scope: KeyScope): Promise<StoredKey | undefined> {
  const rows = await db.query<StoredKey>(
    'select request_hash, state, reply_code, reply from idempotency_keys where owner = $1 and key = $2 and created_at >= now() - make_interval(secs => $3)',
    [scope.owner, scope.key, KEEP_SECONDS],
  );
  return rows[0];
}

/** Stores the reply a retry will get; only the request holding the claim can. */
export async function finishKey(db: Queryable, scope: KeyScope, claimId: string, reply: Envelope): Promise<void> {
  await db.query("update idempotency_keys set state = 'done', reply_code = $4, reply = $5::jsonb where owner = $1 and key = $2 and claim_id = $3", [
    scope.owner,
    scope.key,
    claimId,
    reply.code,
    JSON.stringify(reply),
  ]);
}

/** Gives the key up (the request failed with no stored outcome), so a retry runs it again. */
export async function releaseKey(db: Queryable, scope: KeyScope, claimId: string): Promise<void> {
  await db.query("delete from idempotency_keys where owner = $1 and key = $2 and claim_id = $3 and state = 'pending'", [scope.owner, scope.key, claimId]);
}

/**
 * Gives up every claim still pending, for a database only this process opens (PGlite's data folder):
 * at its start no request of ours runs, so a pending claim was left by a process that died mid-request
 * (a crash, a kill). A retry of that request then runs again at once, instead of getting "still being
 * processed" until the claim's lease ends. Returns how many were given up.
 */
export async function releaseAbandonedClaims(db: Queryable): Promise<number> {
  return (await db.query("delete from idempotency_keys where state = 'pending' returning key")).length;
}

const lastPrune = new WeakMap<Queryable, number>();

/** Drops expired keys, at most once a minute per process: cheap enough to do on the way. */
export async function pruneExpiredKeys(db: Queryable, now = Date.now()): Promise<void> {
  if (now - (lastPrune.get(db) ?? 0) < 60_000) return;
  lastPrune.set(db, now);
  await db.query('delete from idempotency_keys where created_at < now() - make_interval(secs => $1)', [KEEP_SECONDS]);
}
