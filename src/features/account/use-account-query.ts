import { useQuery } from '@tanstack/react-query';
import { useShop } from '../../db/hooks/shop-context';
import { ensureProfile, readApi } from '../../db/session/account-api';
import { useLocalDocument, useSession } from '../../db/hooks/use-live';
import { LOCAL } from '../../db/local-state';
import type { CurrentUser } from '../../../schemas/rx/local-documents';

/** The signed-in customer's profile (`current-user`, filled from GET /api/user/me at login). */
export const useCurrentUser = (): CurrentUser | null => useLocalDocument(LOCAL.currentUser);

/**
 * Reads the profile again when the session has none (see ensureProfile): the account blocks wait
 * for it, as it names the customer. Once per session; the query's retry covers a dropped connection.
 */
export function useProfileForSession(): void {
  const shop = useShop();
  const session = useSession();
  const user = useCurrentUser();
  useQuery({
    queryKey: ['account', 'profile-for-session', session.sessionStartedAt],
    enabled: Boolean(shop && session.token && !user),
    staleTime: Infinity,
    queryFn: () => (shop ? ensureProfile(shop) : Promise.reject(new Error('not ready'))),
  });
}

/**
 * A server read of the signed-in customer (TanStack Query). The key carries the account's e-mail so
 * one shopper never sees another's cached orders on a shared device.
 */
export function useAccountQuery<T>(name: string, path: string, query: Record<string, string | number> = {}) {
  const shop = useShop();
  const email = useCurrentUser()?.email ?? null;
  return useQuery({
    queryKey: ['account', name, email, path, query],
    enabled: Boolean(shop && email),
    staleTime: 0,
    queryFn: () => (shop ? readApi<T>(shop, path, { query }) : Promise.reject(new Error('not ready'))),
  });
}
