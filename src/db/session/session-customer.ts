import { combineLatest, distinctUntilChanged, map, type Observable } from 'rxjs';
import type { DeviceSession } from '../../../replication/orders/order-owner';
import type { CurrentUser } from '../../../schemas/rx/local-documents';
import type { ShopDatabase } from '../database-types';
import { LOCAL, readLocal, watchLocal } from '../local-state';

/** The customer's id in their profile, as the order body's `user_id` names it; null without one. */
export const customerIdOf = (user: CurrentUser | null): string | null => (user && (typeof user.id === 'number' || typeof user.id === 'string') ? String(user.id) : null);

const sessionOf = (token: string | null, user: CurrentUser | null): DeviceSession => (token ? { customerId: customerIdOf(user) } : null);

/** Whose session the device holds now (the customer is known once their profile is loaded). */
export async function readDeviceSession(db: ShopDatabase): Promise<DeviceSession> {
  const [session, user] = await Promise.all([readLocal(db, LOCAL.session), readLocal(db, LOCAL.currentUser)]);
  return sessionOf(session.token, user);
}

/** The signed-in customer's id, now and on every change from any tab; null while none is known. */
export function watchSessionCustomer(db: ShopDatabase): Observable<string | null> {
  return combineLatest([watchLocal(db, LOCAL.session).pipe(map((s) => s.token)), watchLocal(db, LOCAL.currentUser)]).pipe(
    map(([token, user]) => sessionOf(token, user)?.customerId ?? null),
    distinctUntilChanged(),
  );
}
