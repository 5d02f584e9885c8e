import type { ShopDatabase } from '../database-types';
import { LOCAL, modifyLocal } from '../local-state';

/**
 * The shopper comes back to this tab (it is focused or shown again): they may have used the cart on
 * another device meanwhile. Any tab asks, through the shared cart state, and the leading tab reads
 * the server's cart (see shop-sync). Returns what stops listening.
 */
export function requestCartPullOnFocus(db: ShopDatabase): () => void {
  if (typeof window === 'undefined' || typeof document === 'undefined') return () => undefined;
  const ask = () => {
    if (document.visibilityState === 'hidden' || db.closed) return;
    void modifyLocal(db, LOCAL.cartState, (s) => ({ ...s, pullRequestedAt: Date.now() })).catch(() => undefined);
  };
  window.addEventListener('focus', ask);
  document.addEventListener('visibilitychange', ask);
  return () => {
    window.removeEventListener('focus', ask);
    document.removeEventListener('visibilitychange', ask);
  };
}
