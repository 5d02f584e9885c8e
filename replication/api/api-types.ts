/** Every /api reply: `{code, result, meta?}`, with the HTTP status equal to `code`. */
export interface ApiEnvelope<T = unknown> {
  code: number;
  result: T;
  meta?: Record<string, unknown>;
}

/** Where the shopper's tokens live (a local document); reads must see another tab's latest write. */
export interface TokenStore {
  read(): Promise<{ token: string | null; refreshToken: string | null; refreshRequestId?: string | null }>;
  /** A new pair (its refresh request id unset), or the same pair with the id of the refresh about to be sent. */
  write(token: string, refreshToken: string | null, refreshRequestId?: string | null): Promise<void>;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Send the shopper's token when there is one (default true); the catalogue feed needs none. */
  auth?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Give up after this long (default: the client's `timeoutMs`); the outcome is then unknown. */
  timeoutMs?: number;
  /** Sent as `Idempotency-Key`: the server acts once per key and replays its reply to a retry. */
  idempotencyKey?: string;
}

export interface ApiClient {
  request<T = unknown>(path: string, options?: RequestOptions): Promise<ApiEnvelope<T>>;
  /** Builds the absolute URL of a path (for streams the client does not read itself). */
  url(path: string, query?: Record<string, QueryValue>): string;
  readonly fetch: typeof fetch;
  /**
   * How long until the first request this client holds back for a server's Retry-After may go again
   * (undefined: none is held), so queued work can be retried when the server said it takes it.
   */
  heldForMs?(): number | undefined;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
