import { combineLatest, distinctUntilChanged, filter, map, merge, type Subscription } from 'rxjs';
import { isUnknownOutcome } from '../../../replication/api/api-errors';
import type { ApiClient } from '../../../replication/api/api-types';
import type { ShopDatabase } from '../database-types';
import type { CurrentUser, SessionState } from '../../../schemas/rx/local-documents';
import { LOCAL, readLocal, watchLocal } from '../local-state';
import type { Connectivity } from '../sync/connectivity';
import { retrySchedule } from '../sync/retry-schedule';
import { loadProfile } from './session';

/** Signed in, and no profile on the device. */
const profileMissing = (session: SessionState, user: CurrentUser | null) => Boolean(session.token) && !user;

/** The first wait before the profile is read again, doubling up to a minute. */
const PROFILE_RETRY_MS = 1_000;

/**
 * Signed in without a profile: the read that follows the login timed out or met a 5xx, or the page
 * was left while it was on its way. Nothing else reads it again, and a signed-in shopper without a
 * profile gets a guest's checkout with no names. The leading tab reads it until it arrives: first a
 * second after the session appears (the login's own read is usually in by then), then with backoff,
 * and at once when the connection returns.
 */
/** The keeper's subscription, and when its next read of the profile runs (ms from now; null when none is set). */
export type ProfileKeeper = Subscription & { retryDueInMs(): number | null };

export function keepProfileLoaded(db: ShopDatabase, deps: { api: ApiClient; connectivity: Connectivity }): ProfileKeeper {
  let reading = false;
  const retries = retrySchedule(() => void attempt(), { baseMs: PROFILE_RETRY_MS });

  async function needed(): Promise<boolean> {
    const [session, user] = await Promise.all([readLocal(db, LOCAL.session), readLocal(db, LOCAL.currentUser)]);
    return profileMissing(session, user);
  }

  async function attempt(): Promise<void> {
    if (reading || db.closed) return;
    reading = true;
    try {
      if (!(await needed())) return retries.settled();
      // Offline it cannot come: the connection's return tries again. A tab that stopped leading (or
      // closed) while it checked leaves the read to the next leader.
      if (!deps.connectivity.isOnline() || subscription.closed) return;
      await loadProfile(db, deps.api);
      retries.settled();
    } catch (error) {
      if (isUnknownOutcome(error)) retries.later();
      else if (!db.closed) console.error('the profile could not be read', error);
    } finally {
      reading = false;
    }
  }

  const missing$ = combineLatest([watchLocal(db, LOCAL.session), watchLocal(db, LOCAL.currentUser)]).pipe(
    map(([session, user]) => profileMissing(session, user)),
    distinctUntilChanged(),
    filter(Boolean),
  );
  const subscription = merge(
    missing$.pipe(map(() => 'later' as const)),
    deps.connectivity.changes$.pipe(
      filter(Boolean),
      map(() => 'now' as const),
    ),
  ).subscribe((when) => (when === 'now' ? void attempt() : retries.later()));
  subscription.add(() => retries.stop());
  return Object.assign(subscription, { retryDueInMs: () => retries.dueInMs });
}
