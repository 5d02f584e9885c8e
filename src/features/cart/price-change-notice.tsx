import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useShop } from '../../db/hooks/shop-context';
import { acknowledgePriceChange } from '../../db/cart/cart-actions';
import type { PriceChange } from '../../domain/cart/line-price-state';
import { formatPence } from '../../i18n/money';
import './price-change.css';

/**
 * "The price of M8 Hex Bolt changed from £4.20 to £4.80.": announced when it appears, kept until the
 * shopper says OK (in any tab), so a change is never only in the totals.
 */
export function PriceChangeNotice({ change }: { change: PriceChange }) {
  const { t } = useTranslation();
  const shop = useShop();
  const textId = useId();
  return (
    <div className="price-change-notice" data-testid="price-change" data-line={change.lineId}>
      <p id={textId} role="status">
        {t('cartPriceChanged', { name: change.name, from: formatPence(change.fromInclTaxPence), to: formatPence(change.toInclTaxPence) })}
      </p>
      <button type="button" className="button button-secondary" aria-describedby={textId} onClick={() => shop && void acknowledgePriceChange(shop.db, change.lineId, change.toInclTaxPence)}>
        {t('cartPriceNoticeOk')}
      </button>
    </div>
  );
}
