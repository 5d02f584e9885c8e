import { filter, map, merge, type Subscription } from 'rxjs';
import type { ApiClient } from '../../../replication/api/api-types';
import type { ShopDatabase } from '../database-types';
import { watchLocal } from '../local-state';
import type { Connectivity } from '../sync/connectivity';
import { retrySchedule } from '../sync/retry-schedule';
import { ENDING_SESSIONS, sendEndingSessions } from './server-logout';

/** The first wait before a logout the server did not answer is sent again, doubling up to a minute. */
const LOGOUT_RETRY_MS = 2_000;

/**
 * The leading tab tells the server about sessions signed out on this device (in any tab): at once
 * when one is noted, again with backoff while the server cannot be reached or says "not now", and
 * at once when the connection returns. The device's own logout never waits for this.
 */
export function keepServerLogoutsSent(db: ShopDatabase, deps: { api: ApiClient; connectivity: Connectivity; retryBaseMs?: number }): Subscription {
  let sending = false;
  let sendAgain = false;
  const retries = retrySchedule(() => void attempt(), { baseMs: deps.retryBaseMs ?? LOGOUT_RETRY_MS });

  async function attempt(): Promise<void> {
    if (sending) {
      sendAgain = true;
      return;
    }
    if (db.closed || subscription.closed || !deps.connectivity.isOnline()) return;
    sending = true;
    try {
      do {
        sendAgain = false;
        if ((await sendEndingSessions(db, deps.api)) === 'later') retries.later();
        else retries.settled();
      } while (sendAgain && !db.closed);
    } catch (error) {
      if (!db.closed) console.error('a logout could not be sent to the server', error);
    } finally {
      sending = false;
    }
  }

  const subscription = merge(
    watchLocal(db, ENDING_SESSIONS).pipe(filter((state) => state.sessions.length > 0)),
    deps.connectivity.changes$.pipe(
      filter(Boolean),
      map(() => undefined),
    ),
  ).subscribe(() => void attempt());
  subscription.add(() => retries.stop());
  return subscription;
}
