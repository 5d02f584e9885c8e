import { randomUUID } from 'node:crypto';

/**
 * How a real client sends a request it cares about: with a time-out, and again on an unknown
 * outcome (no reply, time-out, 5xx, 429, a reply that is not our envelope) after a short backoff,
 * with the same body and the same Idempotency-Key, so the server can tell a retry from a new request.
 */
export interface RetryOptions {
  /** Time-out of each attempt; `firstTimeoutMs` of the first only (a client that gives up early). */
  timeoutMs: number;
  firstTimeoutMs?: number;
  attempts: number;
  /** The first attempt's reply is thrown away as if lost, so the retry must get the same answer. */
  loseFirstReply?: boolean;
}

export interface Sent<T> {
  /** The final reply, or null when every attempt ended with an unknown outcome. */
  status: number | null;
  body: { code?: number; result: T } | null;
  attempts: number;
  /** Why attempts were retried: 'timeout', 'network', '503', 'lost', ... */
  retriedFor: string[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const unknownStatus = (status: number) => status >= 500 || status === 429;

export async function sendWithRetries<T>(url: string, init: { method: string; body?: unknown }, options: RetryOptions): Promise<Sent<T>> {
  const key = randomUUID();
  const headers: Record<string, string> = { 'idempotency-key': key };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  const retriedFor: string[] = [];
  for (let attempt = 1; ; attempt++) {
    const timeoutMs = attempt === 1 && options.firstTimeoutMs ? options.firstTimeoutMs : options.timeoutMs;
    let reason: string;
    try {
      const response = await fetch(url, { method: init.method, headers, body, signal: AbortSignal.timeout(timeoutMs) });
      const text = await response.text();
      let parsed: Sent<T>['body'] = null;
      try {
        parsed = JSON.parse(text) as Sent<T>['body'];
      } catch {
        parsed = null;
      }
      if (attempt === 1 && options.loseFirstReply) reason = 'lost';
      else if (parsed === null) reason = `non-JSON ${response.status}`;
      else if (unknownStatus(response.status)) reason = String(response.status);
      else return { status: response.status, body: parsed, attempts: attempt, retriedFor };
    } catch (error) {
      reason = (error as { name?: string }).name === 'TimeoutError' ? 'timeout' : 'network';
    }
    if (attempt >= options.attempts) return { status: null, body: null, attempts: attempt, retriedFor: [...retriedFor, reason] };
    retriedFor.push(reason);
    await sleep(25 * 2 ** (attempt - 1) + Math.random() * 25);
  }
}
