import { useTranslation } from 'react-i18next';
import { carrierTrackingUrl } from '../../domain/delivery/carriers';
import { orderStatusLabel } from '../../domain/orders/status-label';
import { orderTime } from './order-status-time';

export interface StatusEntry {
  status: string;
  comment: string | null;
  /** With a "shipped" entry: who carries the parcel and its tracking number. */
  carrier?: string | null;
  tracking_number?: string | null;
  created_at: string;
}

/** The carrier and tracking number of a shipped entry; the number links the carrier's page when we know it. */
function Shipment({ entry }: { entry: StatusEntry }) {
  const { t } = useTranslation();
  if (!entry.carrier && !entry.tracking_number) return null;
  const number = entry.tracking_number ? t('accountOrderTrackingNumber', { number: entry.tracking_number }) : '';
  const url = carrierTrackingUrl(entry.carrier, entry.tracking_number);
  return (
    <span className="status-shipment">
      {' '}({entry.carrier}
      {entry.carrier && number ? ', ' : ''}
      {url ? (
        <a href={url} target="_blank" rel="noopener noreferrer">
          {number}
        </a>
      ) : (
        number
      )}
      )
    </span>
  );
}

/**
 * An order's status changes, oldest first, with the shipment of a shipped one (order tracking and the
 * order detail). Its heading is one level below the page's: h3 under the order detail's h2, h2 under
 * the tracking page's h1.
 */
export function StatusHistory({ entries, headingLevel = 3 }: { entries: readonly StatusEntry[]; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  if (entries.length === 0) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <>
      <Heading>{t('accountOrderHistory')}</Heading>
      <ol className="status-history">
        {entries.map((e) => (
          <li key={`${e.created_at}-${e.status}`}>
            <time dateTime={e.created_at}>{orderTime(e.created_at)}</time> — {orderStatusLabel(e.status)}
            {e.comment ? `: ${e.comment}` : ''}
            <Shipment entry={e} />
          </li>
        ))}
      </ol>
    </>
  );
}
