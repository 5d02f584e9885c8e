import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../i18n/money';

export interface ThankYouStatusProps {
  /** How the shopper is told the order waits on the device; null when it does not. */
  waiting: 'checkoutQueued' | 'checkoutQueuedAsk' | 'checkoutQueuedThisTabOnly' | null;
  /** Refused on arrival for a changed price: the total the shopper is asked to confirm. */
  newTotal: number | null;
  /** Queued when placed, and sent since. */
  sentLater: boolean;
  /** The server's order number (or, ordered elsewhere without one, that order's id). */
  number: string | null;
  /** Another device or session had ordered the cart: `number` is that order's, nothing was placed from here. */
  orderedElsewhere: boolean;
}

/** What became of the placed order, announced (role="status") as it changes on the thank-you page. */
export function ThankYouStatus({ waiting, newTotal, sentLater, number, orderedElsewhere }: ThankYouStatusProps) {
  const { t } = useTranslation();
  return (
    <div role="status">
      {newTotal !== null && <p className="checkout-queued-repriced">{t('checkoutQueuedRepriced', { total: formatMoney(newTotal) })}</p>}
      {waiting && <p className="checkout-queued">{t(waiting)}</p>}
      {sentLater && <p>{t('checkoutQueuedSent')}</p>}
      {orderedElsewhere && <p className="checkout-ordered-elsewhere">{t('checkoutOrderedElsewhere', { number })}</p>}
      {number && !orderedElsewhere && <p className="checkout-order-number">{t('checkoutOrderNumber', { number })}</p>}
    </div>
  );
}
