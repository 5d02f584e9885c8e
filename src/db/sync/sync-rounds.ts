import { isUnknownOutcome } from '../../../replication/api/api-errors';
import type { ShopDatabase } from '../database-types';
import type { Connectivity } from './connectivity';
import { hasPendingWork } from './pending-work';
import { retrySchedule } from './retry-schedule';
import { recordSyncError, recordSyncRound } from './sync-status';

export interface SyncRoundsDeps {
  connectivity: Connectivity;
  isLeading(): boolean;
  /** The parts of a round, in order (SPEC §4 back online: tasks, the cart, queued orders). */
  parts: readonly (() => Promise<unknown>)[];
  retryBaseMs?: number;
  /** When the API client lets the first request it holds for a server's Retry-After go again (ApiClient.heldForMs). */
  heldForMs?(): number | undefined;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The leader's sync rounds: one at a time, each part going on when another fails (a cart that
 * cannot sync must not hold back the orders), one more round when triggered during one (the
 * running one may have started before the change), and a retry timer with backoff while work is
 * left waiting.
 */
export function createSyncRounds(db: ShopDatabase, deps: SyncRoundsDeps) {
  let round: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const retries = retrySchedule(() => void run(), { baseMs: deps.retryBaseMs });

  async function oneRound(): Promise<void> {
    const startedAt = Date.now();
    if (deps.connectivity.isOnline()) {
      const errors: unknown[] = [];
      for (const part of deps.parts) await part().catch((error: unknown) => void errors.push(error));
      if (errors.length > 0) {
        if (!stopped) await recordSyncError(db, messageOf(errors[0])).catch(() => undefined);
      } else if (deps.connectivity.isOnline()) await recordSyncRound(db, startedAt).catch(() => undefined);
    }
    await scheduleRetry();
  }

  /** Work that could not go is tried again on a timer, with a longer wait each time. */
  async function scheduleRetry(): Promise<void> {
    if (stopped || db.closed || !deps.isLeading()) return;
    if (await hasPendingWork(db).catch(() => false)) retries.later(deps.heldForMs?.());
    else retries.settled();
  }

  function run(): Promise<void> {
    if (round) {
      again = true;
      return round;
    }
    round = (async () => {
      do {
        again = false;
        await oneRound();
      } while (again && !stopped);
    })().finally(() => (round = null));
    return round;
  }

  return {
    run,
    /**
     * The connection came back, or the shopper pressed "Retry now": the wait that grew while the
     * requests failed (up to a minute) starts again from the shortest, and a round runs now. Without
     * this a round that met one more failure as the connection returned left the long timer set.
     */
    fresh: (): Promise<void> => {
      retries.settled();
      return run();
    },
    /** The wait the next retry will use (status panel, tests). */
    nextRetryMs: (): number => retries.nextDelayMs,
    /** How long until the retry set now runs, or null when none is set (tests). */
    retryDueInMs: (): number | null => retries.dueInMs,
    scheduleRetry,
    /**
     * Work started outside a round (an edit's cart sync, the login merge) failed: shown, and an
     * unknown outcome is retried on the timer. After stop() a late failure on the closed database is
     * expected and not reported.
     */
    failed: (error: unknown): void => {
      if (stopped || db.closed) return;
      void recordSyncError(db, messageOf(error)).catch(() => undefined);
      if (isUnknownOutcome(error) && deps.isLeading()) retries.later(deps.heldForMs?.());
    },
    /** This tab hands over the lead: its timer goes. */
    pause: () => retries.settled(),
    stop: (): void => {
      stopped = true;
      retries.stop();
    },
  };
}
