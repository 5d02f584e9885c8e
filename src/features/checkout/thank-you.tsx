import { useEffect, useRef, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isOrderedElsewhere, orderNumberOf } from '../../../replication/orders/ordered-elsewhere';
import type { ShopDatabase } from '../../db/database-types';
import { useSettings, useStoredOrder } from '../../db/hooks/use-live';
import { setThankYouPageOpen } from '../../db/orders/place-order';
import { holdThankYouPresence } from '../../db/orders/thank-you-presence';
import { formatMoney } from '../../i18n/money';
import { ReorderButton } from '../quick-order/reorder-button';
import { placedOrderSummary } from './placed-order-summary';
import { ThankYouStatus } from './thank-you-status';
import { trackingPath } from '../../domain/delivery/tracking-link';

export interface PlacedOrder {
  orderId: string;
  outcome: 'sent' | 'queued';
  /** The server's order number, when the order reached it. */
  number: string | null;
  email: string;
  /** An account asked for at checkout: created (and signed in) now, or with the queued order later. */
  account: 'created' | 'later' | null;
  /** False when the browser refused storage (private browsing): a queued order lives only in this tab. */
  savedOnDevice: boolean;
  /** Another device or session had already ordered the cart: `number` is that order's, nothing was placed from here. */
  orderedElsewhere: boolean;
}

/**
 * The thank-you state (SPEC §4). While it is open, an order queued offline goes as soon as the
 * connection returns; the number appears here when it does.
 */
export function ThankYou({ db, placed }: { db: ShopDatabase; placed: PlacedOrder }) {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const navigate = useNavigate();
  const storedJson = useStoredOrder(placed.orderId);
  const automatic = useSettings().automaticTransmission;
  const number = placed.number ?? orderNumberOf(storedJson?.result);
  const elsewhere = placed.orderedElsewhere || isOrderedElsewhere(storedJson?.result);
  // The stored body is what this checkout sent, not what the other order holds: it is not repeated as the order.
  const summary = placedOrderSummary(elsewhere ? undefined : storedJson?.body, storedJson?.result);
  // Ordered elsewhere, nothing was sent from here: the status says what happened instead.
  const sentLater = placed.outcome === 'queued' && storedJson?.state === 'sent' && !elsewhere;
  const stillWaiting = placed.outcome === 'queued' && !sentLater && !elsewhere;
  const waitingInThisTabOnly = stillWaiting && !placed.savedOnDevice;
  // Refused on arrival for a changed price: it waits for the shopper to confirm the new total.
  const newTotal = placed.outcome === 'queued' && storedJson?.state === 'repriced' ? (storedJson.repriced?.grand_total ?? null) : null;
  // With nothing stored on the device, closing the tab would lose the order: the browser asks first.
  useEffect(() => {
    if (!waitingInThisTabOnly) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [waitingInThisTabOnly]);
  useEffect(() => {
    headingRef.current?.focus();
    const releasePresence = holdThankYouPresence();
    void setThankYouPageOpen(db, true);
    return () => {
      releasePresence();
      void setThankYouPageOpen(db, false);
    };
  }, [db]);
  /**
   * "Continue shopping" clears the flag before leaving: if the connection returns a moment later,
   * an order queued offline must wait for the shopper's confirmation, not go because the flag's
   * write (from the unmount) had not landed yet.
   */
  const leave = async (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    await setThankYouPageOpen(db, false);
    await navigate('/');
  };
  return (
    <section className="checkout-thank-you" aria-labelledby="checkout-thank-you-title">
      <h2 id="checkout-thank-you-title" ref={headingRef} tabIndex={-1}>
        {t('checkoutThankYou')}
      </h2>
      <ThankYouStatus
        waiting={stillWaiting && newTotal === null ? (!placed.savedOnDevice ? 'checkoutQueuedThisTabOnly' : automatic ? 'checkoutQueued' : 'checkoutQueuedAsk') : null}
        newTotal={newTotal}
        sentLater={sentLater}
        number={elsewhere ? (number ?? placed.orderId) : number}
        orderedElsewhere={elsewhere}
      />
      {/* The other order's confirmation went where that order said; none follows from here. */}
      {!elsewhere && <p>{t('checkoutConfirmationTo', { email: placed.email })}</p>}
      {summary.lines.length > 0 && (
        <div className="checkout-placed-summary">
          <h3>{t('checkoutPlacedLines')}</h3>
          <ul className="checkout-placed-lines">
            {summary.lines.map((line) => (
              <li key={line.sku}>{t('checkoutPlacedLine', { qty: line.qty, name: line.name })}</li>
            ))}
          </ul>
          {summary.grandTotal !== null && <p className="checkout-placed-total">{t('checkoutPlacedTotal', { total: formatMoney(summary.grandTotal) })}</p>}
          {summary.address.length > 0 && (
            <>
              <h3>{t('checkoutPlacedAddress')}</h3>
              <address className="checkout-placed-address">
                {summary.address.map((line) => (
                  <span key={line}>
                    {line}
                    <br />
                  </span>
                ))}
              </address>
            </>
          )}
          {summary.reference && <p className="order-reference">{t('accountOrderReferenceLine', { reference: summary.reference })}</p>}
        </div>
      )}
      <p>
        <Link to={trackingPath(number, placed.email)}>{t('checkoutTrackOrder')}</Link>
      </p>
      {placed.account === 'created' && <p>{t('checkoutAccountCreated')}</p>}
      {placed.account === 'later' && <p>{t('checkoutAccountLater')}</p>}
      <Link to="/" className="button button-secondary" onClick={(event) => void leave(event)}>
        {t('checkoutContinueShopping')}
      </Link>
      {!elsewhere && <ReorderButton orderId={placed.orderId} orderNumber={number ?? undefined} />}
    </section>
  );
}
