import { clearAttempts, countAttempt, releaseAttempt, type ThrottleRule } from '../auth/attempt-throttle';
import type { Queryable } from '../db/database';
import { ApiError } from '../http/api-error';
import { USER_MESSAGES } from './user-messages';

/**
 * Login rate limits: 5 failed sign-ins per account and 20 per client address in 15 minutes.
 * Each attempt is counted up front (so parallel guesses cannot overshoot), then a success clears
 * the account's counter and hands the address's attempt back; only failures remain counted.
 * Unknown e-mails are counted like real ones, so the limit reveals nothing about who has an account.
 */
export const LOGIN_LIMITS = {
  account: { limit: 5, windowSeconds: 15 * 60 },
  address: { limit: 20, windowSeconds: 15 * 60 },
} as const satisfies Record<string, ThrottleRule>;

export const loginAccountKey = (email: string) => `login:account:${email.toLowerCase()}`;
export const loginAddressKey = (ip: string) => `login:ip:${ip}`;

/** Counts the attempt; a 429 when either limit is used up (even if this password is right). */
export async function admitLoginAttempt(db: Queryable, email: string, ip: string): Promise<void> {
  const account = await countAttempt(db, loginAccountKey(email), LOGIN_LIMITS.account);
  const address = await countAttempt(db, loginAddressKey(ip), LOGIN_LIMITS.address);
  const blocked = [account, address].filter((v) => !v.allowed);
  if (blocked.length === 0) return;
  const minutes = Math.max(...blocked.map((v) => v.retryAfterMinutes));
  throw new ApiError(429, USER_MESSAGES.tooManyLogins(minutes), { retryAfterMinutes: minutes });
}

export async function loginSucceeded(db: Queryable, email: string, ip: string): Promise<void> {
  await clearAttempts(db, loginAccountKey(email));
  await releaseAttempt(db, loginAddressKey(ip));
}
