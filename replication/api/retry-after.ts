import type { ApiEnvelope } from './api-types';

/** A server asking for longer than this is capped: a wrong header must not silence a queue for days. */
export const MAX_RETRY_AFTER_MS = 60 * 60 * 1000;

/** `Retry-After` as milliseconds from `now`: delay-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const text = header.trim();
  const ms = /^\d+$/.test(text) ? Number(text) * 1000 : Date.parse(text) - now;
  if (!Number.isFinite(ms)) return undefined;
  return Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS);
}

/**
 * The minimum wait a server asked for (429 or 503 with `Retry-After`), per request (method and path):
 * until it has passed, the same request is answered here with the server's reply, which the callers
 * already take as "unknown outcome, retry later", so whatever their own backoff, no retry reaches the
 * server sooner. The wait left is in the reply's `meta.retryAfterMs`.
 */
export class RetryAfterGate {
  /** `answered`: a request was answered here with the held reply (it did not reach the server). */
  private readonly waits = new Map<string, { until: number; reply: ApiEnvelope; answered: boolean }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The held reply when `key` must still wait, else undefined. */
  held(key: string): ApiEnvelope | undefined {
    const wait = this.waits.get(key);
    if (!wait) return undefined;
    const left = wait.until - this.now();
    if (left <= 0) {
      this.waits.delete(key);
      return undefined;
    }
    wait.answered = true;
    return withWait(wait.reply, left);
  }

  /**
   * How long until the first request waiting here may go to the server again; undefined when none
   * waits. A request answered here whose wait has run out since is due now (0), told once: its
   * retry was a held answer, and nothing else will send it sooner than the caller's own backoff.
   */
  soonestMs(): number | undefined {
    let soonest: number | undefined;
    for (const [key, wait] of [...this.waits]) {
      const left = Math.max(0, wait.until - this.now());
      if (left === 0) this.waits.delete(key);
      if (left === 0 && !wait.answered) continue;
      soonest = Math.min(soonest ?? left, left);
    }
    return soonest;
  }

  /** Learns from a reply; returns it, with `meta.retryAfterMs` when the server asked to wait. */
  note(key: string, status: number, header: string | null, reply: ApiEnvelope): ApiEnvelope {
    if (status !== 429 && status !== 503) return reply;
    const now = this.now();
    const ms = retryAfterMs(header, now);
    if (ms === undefined || ms === 0) return reply;
    this.waits.set(key, { until: now + ms, reply, answered: false });
    return withWait(reply, ms);
  }
}

const withWait = (reply: ApiEnvelope, ms: number): ApiEnvelope => ({ ...reply, meta: { ...reply.meta, retryAfterMs: ms } });
