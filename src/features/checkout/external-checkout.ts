/**
 * The hand-over to an external checkout site (SPEC §7). Off in the shipped configuration. A build
 * names the site with VITE_EXTERNAL_CHECKOUT_URL; on a running shop, localStorage
 * `fixings.external-checkout` names one for one browser (to try a site before it goes live), as the
 * multistore switch does. Only http(s) addresses count.
 */
export const EXTERNAL_CHECKOUT_KEY = 'fixings.external-checkout';

/** Set to `true` when the shopper accepts cookies; the external site then runs its tag manager. */
export const COOKIES_ACCEPTED_KEY = 'fixings.cookies-accepted';

function readStorage(key: string): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The external site's address without a trailing slash, or null when checkout stays in the shop. */
export function externalCheckoutBase(built: string | undefined = import.meta.env?.VITE_EXTERNAL_CHECKOUT_URL as string | undefined, local = readStorage(EXTERNAL_CHECKOUT_KEY)): string | null {
  const candidate = (local || built || '').trim();
  if (!/^https?:\/\/[^\s/]+/i.test(candidate)) return null;
  return candidate.replace(/\/+$/, '');
}

export const cookiesAccepted = (): boolean => readStorage(COOKIES_ACCEPTED_KEY) === 'true';

/**
 * `{site}/vue/cart/sync/token/{userToken}/cart/{cartId}` (SPEC §7), with `gtm=true` when cookies
 * are accepted: the external site takes over the server cart and the signed-in customer.
 */
export function externalCheckoutUrl(base: string, userToken: string | null, cartId: string, withGtm: boolean): string {
  const url = `${base}/vue/cart/sync/token/${encodeURIComponent(userToken ?? '')}/cart/${encodeURIComponent(cartId)}`;
  return withGtm ? `${url}?gtm=true` : url;
}
