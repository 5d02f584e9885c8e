import { useTranslation } from 'react-i18next';
import type { SyncOverview } from '../../db/sync/sync-overview';
import { formatMoney } from '../../i18n/money';
import { formatRecent } from '../../ui/format-date';

interface Props {
  overview: SyncOverview;
  onConfirm: () => void;
  onCancel: () => void;
  busy: boolean;
}

/** Orders made offline and still waiting, with confirm / cancel when the shopper was asked about them. */
export function WaitingOrders({ overview, onConfirm, onCancel, busy }: Props) {
  const { t, i18n } = useTranslation();
  const time = (at: number) => formatRecent(at, i18n.language);
  const awaiting = overview.waitingOrders.some((o) => o.awaitingConfirmation);
  if (overview.waitingOrders.length === 0) return null;
  return (
    <div className="sync-orders-waiting">
      <ul className="sync-list">
        {overview.waitingOrders.map((order) => (
          <li key={order.orderId} data-order-id={order.orderId}>
            {t('syncOrderPlaced', { time: time(order.placedAt) })}
            {order.attempts > 0 && <span className="sync-note"> · {t('syncOrderAttempts', { count: order.attempts })}</span>}
            {order.newTotal !== null ? (
              <strong className="sync-order-new-total"> · {t('syncOrderNewTotal', { total: formatMoney(order.newTotal) })}</strong>
            ) : (
              order.error && <span className="sync-note"> · {order.error}</span>
            )}
          </li>
        ))}
      </ul>
      {awaiting && (
        <div className="sync-confirm" role="group" aria-label={t('syncOrderAwaiting')}>
          <p>
            <strong>{t('syncOrderAwaiting')}</strong> {t('syncOrderAwaitingHint')}
          </p>
          <button type="button" className="button button-primary" disabled={busy} onClick={onConfirm}>
            {t('syncConfirmOrders')}
          </button>
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => {
              if (window.confirm(t('syncCancelConfirm'))) onCancel();
            }}
          >
            {t('syncCancelOrders')}
          </button>
        </div>
      )}
    </div>
  );
}

/** Orders this device sent, newest first: when, and the number the shop gave them. */
export function SentOrders({ overview }: { overview: SyncOverview }) {
  const { t, i18n } = useTranslation();
  const time = (at: number | null) => (at === null ? t('syncNever') : formatRecent(at, i18n.language));
  return (
    <section className="sync-section" aria-labelledby="sync-sent-heading">
      <h3 id="sync-sent-heading">{t('syncSentOrders')}</h3>
      {overview.sentOrders.length === 0 ? (
        <p>{t('syncNoSentOrders')}</p>
      ) : (
        <ul className="sync-list sync-sent">
          {overview.sentOrders.map((order) => (
            <li key={order.orderId} data-order-id={order.orderId}>
              <strong>{t('syncSentOrder', { number: order.number ?? order.orderId })}</strong>
              {order.grandTotal !== null && <span> · {formatMoney(order.grandTotal)}</span>}
              <br />
              <span className="sync-note">{t('syncSentAt', { placed: time(order.placedAt), sent: time(order.sentAt) })}</span>
            </li>
          ))}
        </ul>
      )}
      {overview.rejectedOrders.length > 0 && (
        <>
          <h3>{t('syncRejected')}</h3>
          <ul className="sync-list">
            {overview.rejectedOrders.map((order) => (
              <li key={order.orderId}>
                {t('syncOrderPlaced', { time: time(order.placedAt) })}: {order.error}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
