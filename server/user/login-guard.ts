import { clearAttempts, countAttempt, releaseAttempt, throttleRule } from '../auth/attempt-throttle';
import type { Queryable } from '../db/database';
import type { LimitTable } from '../limits/limit-table';
import { ApiError } from '../http/api-error';
import { USER_MESSAGES } from './user-messages';

/**
 * Login rate limits (limit-table.ts: loginFailuresPerAccount and loginFailuresPerAddress, by default
 * 5 failed sign-ins per account and 20 per client address in 15 minutes), kept in the database.
 * Each attempt is counted up front (so parallel guesses cannot overshoot), then a success clears
 * the account's counter and hands the address's attempt back; only failures remain counted.
 * Unknown e-mails are counted like real ones, so the limit reveals nothing about who has an account.
 */
export const loginAccountKey = (email: string) => `login:account:${email.toLowerCase()}`;
export const loginAddressKey = (ip: string) => `login:ip:${ip}`;

/** Counts the attempt; a 429 when either limit is used up (even if this password is right). */
export async function admitLoginAttempt(db: Queryable, email: string, ip: string, limits: LimitTable): Promise<void> {
  const account = await countAttempt(db, loginAccountKey(email), throttleRule(limits.loginFailuresPerAccount));
  const address = await countAttempt(db, loginAddressKey(ip), throttleRule(limits.loginFailuresPerAddress));
  const blocked = [account, address].filter((v) => !v.allowed);
  if (blocked.length === 0) return;
  const minutes = Math.max(...blocked.map((v) => v.retryAfterMinutes));
  const seconds = Math.max(...blocked.map((v) => v.retryAfterSeconds));
  throw new ApiError(429, USER_MESSAGES.tooManyLogins(minutes), { retryAfterMinutes: minutes, retryAfterSeconds: seconds });
}

export async function loginSucceeded(db: Queryable, email: string, ip: string): Promise<void> {
  await clearAttempts(db, loginAccountKey(email));
  await releaseAttempt(db, loginAddressKey(ip));
}
