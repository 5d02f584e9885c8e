import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { CartLine } from '../../../schemas/rx/cart.schema';
import { cartSyncedWith } from '../../db/orders/checkout-totals';
import { useCartState, useSession } from '../../db/hooks/use-live';
import { cookiesAccepted, externalCheckoutUrl } from './external-checkout';

/**
 * With an external checkout configured, /checkout sends the shopper there with the server cart
 * (SPEC §7). The lines must have reached the server cart first, which needs a connection.
 */
export function ExternalHandOver({ lines, base }: { lines: readonly CartLine[]; base: string }) {
  const { t } = useTranslation();
  const cart = useCartState();
  const session = useSession();
  const url = cart.token && cartSyncedWith(lines, cart) ? externalCheckoutUrl(base, session.token, cart.token, cookiesAccepted()) : null;
  useEffect(() => {
    if (url) window.location.assign(url);
  }, [url]);
  return <p role="status">{url ? t('checkoutHandOver') : t('checkoutHandOverWaiting')}</p>;
}
