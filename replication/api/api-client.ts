import { MESSAGES, NetworkError, ResponseFormatError, TimeoutError } from './api-errors';
import type { ApiClient, ApiEnvelope, QueryValue, RequestOptions, TokenStore } from './api-types';
import { browserMutex, type Mutex } from './refresh-mutex';
import { RetryAfterGate } from './retry-after';
import { TokenRefreshLock } from './token-refresh-lock';

export interface ApiClientConfig {
  /** '' in the browser (same origin); the test server's URL in Node. */
  baseUrl?: string;
  fetch?: typeof fetch;
  tokens?: TokenStore;
  /** Multistore: appended to every call as `storeCode` (SPEC §7). */
  storeCode?: string | null;
  /** Send the token as a `token` query parameter instead of the Authorization header. */
  tokenInQuery?: boolean;
  /** Refresh an expired access token with the refresh token (default true). */
  autoRefreshTokens?: boolean;
  /** SPEC §9 token-lock retry wait: 1000 ms. */
  lockRetryMs?: number;
  maxRefreshAttempts?: number;
  mutex?: Mutex;
  /** Every request gives up after this long unless it asks for another limit (default 20 s). */
  timeoutMs?: number;
  /** Silent logout after a refused refresh (or any 401 when auto-refresh is off). */
  onAuthFailure?: (reason: 'refused' | 'attempts' | 'no-refresh') => Promise<void>;
  /**
   * The browser database's id, sent as `X-Device-Id` with every request that changes something: the
   * server tells this device's cart writes from another device's of the same customer by it.
   */
  deviceId?: () => Promise<string | undefined>;
  /** The clock of the Retry-After waits (tests). */
  now?: () => number;
}

/** Long enough for a catalogue batch on a slow mobile link, short enough that a hung request does not hold a queue. */
export const DEFAULT_TIMEOUT_MS = 20_000;

function isEnvelope(value: unknown): value is ApiEnvelope {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number' && 'result' in value;
}

/**
 * The one way the browser talks to /api: builds URLs (storeCode, token), reads `{code, result, meta}`
 * replies, and renews an expired access token through the refresh lock before retrying once.
 */
export function createApiClient(config: ApiClientConfig = {}): ApiClient {
  const baseUrl = (config.baseUrl ?? '').replace(/\/$/, '');
  const doFetch = config.fetch ?? globalThis.fetch.bind(globalThis);
  const tokens = config.tokens;
  const onAuthFailure = config.onAuthFailure ?? (async () => undefined);
  const waits = new RetryAfterGate(config.now);
  // Read once: a wait before every request would reorder it against the tab's other work.
  let deviceId: string | undefined;
  const deviceRead = config.deviceId?.().then((id) => (deviceId = id), () => undefined);

  function url(path: string, query: Record<string, QueryValue> = {}): string {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null) params.set(key, String(value));
    if (config.storeCode) params.set('storeCode', config.storeCode);
    const search = params.toString();
    return `${baseUrl}${path}${search ? (path.includes('?') ? '&' : '?') + search : ''}`;
  }

  async function send(path: string, options: RequestOptions, token: string | null): Promise<ApiEnvelope> {
    const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
    // A 429 or 503 said when to come back: until then the same request gets that reply, without the network.
    const waitKey = `${method} ${path.split('?')[0]}`;
    const held = waits.held(waitKey);
    if (held) return held;
    const query = { ...options.query };
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
    if (method !== 'GET' && deviceId === undefined) await deviceRead;
    if (method !== 'GET' && deviceId) headers['x-device-id'] = deviceId;
    if (token && config.tokenInQuery) query.token = token;
    else if (token) headers.authorization = `Bearer ${token}`;
    let body: string | undefined;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    const timeoutMs = options.timeoutMs ?? config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(new TimeoutError(timeoutMs)), timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;
    // The caller's own abort goes through as an AbortError; the time-out is an unknown outcome.
    const failure = (error: unknown) => (timeout.signal.aborted ? new TimeoutError(timeoutMs) : (error as { name?: string }).name === 'AbortError' ? error : new NetworkError(error));
    let response: Response;
    let text: string;
    try {
      response = await doFetch(url(path, query), { method, headers, body, signal });
      text = await response.text();
    } catch (error) {
      throw failure(error);
    } finally {
      clearTimeout(timer);
    }
    if (!(response.headers.get('content-type') ?? '').includes('json')) throw new ResponseFormatError(MESSAGES.badContentType, response.status);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new ResponseFormatError(MESSAGES.badContentType, response.status);
    }
    if (!isEnvelope(parsed)) throw new ResponseFormatError(MESSAGES.wrongFormat, response.status);
    return waits.note(waitKey, response.status, response.headers.get('retry-after'), parsed);
  }

  const lock = new TokenRefreshLock({
    tokens: tokens ?? { read: async () => ({ token: null, refreshToken: null }), write: async () => undefined },
    refresh: (refreshToken, requestId) => send('/api/user/refresh', { method: 'POST', body: { refreshToken, requestId } }, null),
    mutex: config.mutex ?? browserMutex(),
    waitMs: config.lockRetryMs ?? 1000,
    maxAttempts: config.maxRefreshAttempts ?? 1,
    onFailure: onAuthFailure,
  });

  /**
   * A request renews at most twice: a waiter that retries a second after the lock was released may
   * find even the new token expired when tokens are short-lived; a third 401 means the server does
   * not accept fresh tokens, and looping would not help.
   */
  const MAX_RENEWALS_PER_REQUEST = 2;

  async function request<T>(path: string, options: RequestOptions = {}): Promise<ApiEnvelope<T>> {
    const useToken = options.auth !== false && tokens !== undefined;
    for (let renewals = 0; ; renewals++) {
      if (useToken) await lock.waitWhileHeld();
      const token = useToken ? (await tokens.read()).token : null;
      const reply = await send(path, options, token);
      if (reply.code !== 401 || !token || renewals >= MAX_RENEWALS_PER_REQUEST) return reply as ApiEnvelope<T>;
      if (config.autoRefreshTokens === false) {
        await onAuthFailure('no-refresh');
        return reply as ApiEnvelope<T>;
      }
      const outcome = await lock.renew(token);
      if (outcome === 'offline') throw new NetworkError(new Error('token refresh could not reach the server'));
      if (outcome === 'failed') return { code: 401, result: MESSAGES.notAuthorized as T };
    }
  }

  return { request, url, fetch: doFetch, heldForMs: () => waits.soonestMs() };
}
