import type { WebhookSettings } from './webhook-settings';

type Timing = Pick<WebhookSettings, 'retryBaseMs' | 'retryMaxMs' | 'retryForMs'>;

/**
 * The wait after `failedAttempts` failed attempts (1 for the first): base·2^(n−1), capped at the
 * maximum, less up to a quarter at random, so that the retries of many events that failed together
 * (a receiver that was down) do not all arrive together when it comes back.
 */
export function retryDelayMs(failedAttempts: number, timing: Timing, random: () => number = Math.random): number {
  const exponent = Math.min(Math.max(failedAttempts - 1, 0), 40);
  const full = Math.min(timing.retryBaseMs * 2 ** exponent, timing.retryMaxMs);
  return Math.round(full * (1 - 0.25 * Math.min(Math.max(random(), 0), 1)));
}

/**
 * Whether a failed attempt made `sinceEventMs` after the event was the last: attempts go on until
 * the retry period has passed, so the last one is made at or after its end (at least 24 h by default).
 */
export const givesUp = (sinceEventMs: number, timing: Timing): boolean => sinceEventMs >= timing.retryForMs;

/** When each attempt is made (ms after the event) for a receiver that always fails and answers at once. */
export function retrySchedule(timing: Timing, random: () => number = () => 0): number[] {
  const times = [0];
  for (let at = 0; !givesUp(at, timing); ) {
    at += retryDelayMs(times.length, timing, random);
    times.push(at);
  }
  return times;
}
