import { ApiError } from '../http/api-error';

/** The wait in words, rounded up to whole minutes past a minute (what a shopper can act on). */
export function waitInWords(seconds: number): string {
  if (seconds < 60) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

export const tooManyRequestsMessage = (seconds: number) => `Too many requests. Try again in ${waitInWords(seconds)}.`;

/**
 * A 429 whose reply carries `Retry-After: seconds` (set by the error handler from `meta.retryAfterSeconds`),
 * so the shop's client and any other waits at least that long before it asks again.
 */
export function tooManyRequests(seconds: number, message = tooManyRequestsMessage): ApiError {
  const wait = Math.max(1, Math.ceil(seconds));
  return new ApiError(429, message(wait), { retryAfterSeconds: wait });
}
