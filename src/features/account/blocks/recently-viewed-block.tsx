import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '../../../i18n/money';
import { useLiveEntries } from '../../lists/use-live-entries';

/** Recently viewed: the products this device opened last (kept locally, newest first). */
export function RecentlyViewedBlock() {
  const { t } = useTranslation();
  const entries = useLiveEntries('recently-viewed');
  return (
    <>
      <h2>{t('accountBlockRecentlyViewed')}</h2>
      {entries.length === 0 ? (
        <p>{t('accountRecentlyEmpty')}</p>
      ) : (
        <ul className="recently-viewed">
          {entries.map((e) => (
            <li key={e.sku}>
              <Link to={e.url}>{e.name}</Link>
              {!e.available ? <span className="muted"> {t('listProductGone')}</span> : typeof e.price === 'number' && <span className="muted"> {formatMoney(e.price)}</span>}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
