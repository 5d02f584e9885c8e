import type { Queryable } from '../db/database';
import { ApiError } from '../http/api-error';

/**
 * Fixed-window attempt counters in the database, so every API process shares them. An attempt is
 * counted BEFORE the guarded work runs (an atomic upsert), so parallel requests cannot slip past
 * the limit; callers that only limit failures hand the attempt back on success.
 */
export interface ThrottleRule {
  /** Most attempts allowed in one window. */
  limit: number;
  windowSeconds: number;
}

export interface ThrottleVerdict {
  allowed: boolean;
  /** Whole minutes until the window ends (at least 1) when not allowed. */
  retryAfterMinutes: number;
  /** The same in whole seconds (at least 1), for the Retry-After header. */
  retryAfterSeconds: number;
}

export async function countAttempt(db: Queryable, key: string, rule: ThrottleRule): Promise<ThrottleVerdict> {
  const rows = await db.query<{ attempts: number; seconds_left: number }>(
    `insert into attempt_throttle as t (key, attempts, window_started_at) values ($1, 1, now())
     on conflict (key) do update set
       attempts = case when t.window_started_at <= now() - make_interval(secs => $2) then 1 else t.attempts + 1 end,
       window_started_at = case when t.window_started_at <= now() - make_interval(secs => $2) then now() else t.window_started_at end
     returning attempts, extract(epoch from (window_started_at + make_interval(secs => $2) - now()))::float8 as seconds_left`,
    [key, rule.windowSeconds],
  );
  const row = rows[0];
  const attempts = Number(row?.attempts ?? 1);
  const secondsLeft = Math.max(0, Number(row?.seconds_left ?? rule.windowSeconds));
  return { allowed: attempts <= rule.limit, retryAfterMinutes: Math.max(1, Math.ceil(secondsLeft / 60)), retryAfterSeconds: Math.max(1, Math.ceil(secondsLeft)) };
}

/** Gives back an attempt that turned out fine (only failures count). */
export async function releaseAttempt(db: Queryable, key: string): Promise<void> {
  await db.query('update attempt_throttle set attempts = greatest(attempts - 1, 0) where key = $1', [key]);
}

/** Starts the counter afresh (a successful login clears the account's failures). */
export async function clearAttempts(db: Queryable, key: string): Promise<void> {
  await db.query('delete from attempt_throttle where key = $1', [key]);
}

/** Counts an attempt on every key and refuses with 429 when any of them is over its limit. */
export async function enforceLimits(db: Queryable, checks: ReadonlyArray<{ key: string; rule: ThrottleRule }>, message: (minutes: number) => string = tooManyRequests): Promise<void> {
  let waitMinutes = 0;
  let waitSeconds = 0;
  for (const { key, rule } of checks) {
    const verdict = await countAttempt(db, key, rule);
    if (verdict.allowed) continue;
    waitMinutes = Math.max(waitMinutes, verdict.retryAfterMinutes);
    waitSeconds = Math.max(waitSeconds, verdict.retryAfterSeconds);
  }
  if (waitMinutes > 0) throw new ApiError(429, message(waitMinutes), { retryAfterMinutes: waitMinutes, retryAfterSeconds: waitSeconds });
}

export const tooManyRequests = (minutes: number) => `Too many requests. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;

/** Counters whose window ended a day ago protect nothing; trimmed now and then. */
export async function pruneAttemptCounters(db: Queryable): Promise<void> {
  await db.query("delete from attempt_throttle where window_started_at < now() - interval '1 day'");
}

/** A rule of the limits table (server/limits/limit-table.ts) in this module's terms. */
export const throttleRule = (rule: { max: number; windowSeconds: number }): ThrottleRule => ({ limit: rule.max, windowSeconds: rule.windowSeconds });
