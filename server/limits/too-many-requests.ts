import { tooManyRequestsMessage } from '../../schemas/api/too-many-requests';
import { ApiError } from '../http/api-error';

/**
 * A 429 whose reply carries `Retry-After: seconds` (set by the error handler from `meta.retryAfterSeconds`),
 * so the shop's client and any other waits at least that long before it asks again.
 */
export function tooManyRequests(seconds: number, message = tooManyRequestsMessage): ApiError {
  const wait = Math.max(1, Math.ceil(seconds));
  return new ApiError(429, message(wait), { retryAfterSeconds: wait });
}
