import { createApiClient } from '../../../replication/api/api-client';
import { isUnknownOutcome, isUnknownReply } from '../../../replication/api/api-errors';
import type { ApiClient, RequestOptions } from '../../../replication/api/api-types';

/**
 * The three outcomes of a request (DESIGN "Faults and exactly-once"): done (2xx), refused (a 4xx with
 * the server's message) or unknown (no reply, a time-out, 5xx, 429, a reply that is not our envelope),
 * which is retried later with the same Idempotency-Key and never undoes what the packer did.
 */
export type Outcome<T> =
  | { kind: 'done'; result: T; meta: Record<string, unknown> | undefined }
  | { kind: 'refused'; code: number; message: string; meta: Record<string, unknown> | undefined }
  | { kind: 'unknown' };

/** Admin requests give up after this long; the outcome is then unknown and the work stays queued. */
export const ADMIN_TIMEOUT_MS = 15_000;

export interface AdminApi {
  call<T>(path: string, options?: RequestOptions): Promise<Outcome<T>>;
  readonly client: ApiClient;
}

const messageOf = (result: unknown, code: number): string => (typeof result === 'string' && result !== '' ? result : `The server refused this (${code}).`);

/** The shop's API client (time-outs, envelopes, Retry-After) with the admin token as its bearer. */
export function createAdminApi(token: () => string | null, baseUrl = ''): AdminApi {
  const client = createApiClient({
    baseUrl,
    tokens: { read: async () => ({ token: token(), refreshToken: null }), write: async () => undefined },
    autoRefreshTokens: false,
    timeoutMs: ADMIN_TIMEOUT_MS,
  });
  return {
    client,
    async call<T>(path: string, options: RequestOptions = {}): Promise<Outcome<T>> {
      try {
        const reply = await client.request<T>(path, options);
        if (isUnknownReply(reply)) return { kind: 'unknown' };
        if (reply.code >= 200 && reply.code < 300) return { kind: 'done', result: reply.result, meta: reply.meta };
        return { kind: 'refused', code: reply.code, message: messageOf(reply.result, reply.code), meta: reply.meta };
      } catch (error) {
        if (isUnknownOutcome(error)) return { kind: 'unknown' };
        throw error;
      }
    },
  };
}

/**
 * A refusal that means the token itself is no good (none, wrong or revoked): the device signs out with
 * the server's message. A token lacking a scope (403 naming `meta.scope`) stays signed in.
 */
export function isTokenRefusal(outcome: Outcome<unknown>): boolean {
  return outcome.kind === 'refused' && (outcome.code === 401 || (outcome.code === 403 && outcome.meta?.scope === undefined));
}
