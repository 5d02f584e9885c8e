import { useTranslation } from 'react-i18next';
import { orderStatusLabel } from '../../domain/orders/status-label';
import { formatDateTime } from '../../ui/format-date';

/** A moment in an order's life, as the account screens write it (day, month, year and time). */
export const orderTime = (iso: string | number) => formatDateTime(iso);

/** When an order took its status ("since …"), if known. */
export function StatusSince({ since }: { since?: string | null }) {
  const { t } = useTranslation();
  if (!since) return null;
  return (
    <>
      {' '}
      <span className="order-status-since">{t('accountOrderStatusSince', { time: orderTime(since) })}</span>
    </>
  );
}

/** An order's status and, when known, the time it took it. */
export function OrderStatus({ status, since }: { status: string; since?: string | null }) {
  return (
    <>
      <span className="order-status">{orderStatusLabel(status)}</span>
      <StatusSince since={since} />
    </>
  );
}

/** Shown above order data that came from the device because the server could not be reached. */
export function AsOfNotice({ asOf }: { asOf: number | null | undefined }) {
  const { t } = useTranslation();
  if (asOf === null || asOf === undefined) return null;
  return (
    <p role="status" className="orders-as-of">
      {t('accountOrdersAsOf', { time: orderTime(asOf) })}
    </p>
  );
}
