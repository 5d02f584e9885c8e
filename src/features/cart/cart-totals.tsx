import { useTranslation } from 'react-i18next';
import type { TotalsView } from '../../domain/cart/totals-view';
import { formatPence } from '../../i18n/money';
import { TotalsRows } from './totals-rows';

/** Subtotal, shipping, discount, VAT and grand total; marked as an estimate until the server's totals are in. */
export function CartTotals({ totals }: { totals: TotalsView }) {
  const { t } = useTranslation();
  if (totals.message) {
    return (
      <p className="field-error" role="alert">
        {totals.message}
      </p>
    );
  }
  return (
    <section className="minicart-totals" aria-label={t('cartTotals')} data-source={totals.source}>
      <TotalsRows rows={totals.rows} />
      {totals.freeDeliveryShortfallPence !== undefined && (
        <p className="minicart-free-delivery" data-testid="free-delivery">
          {totals.freeDeliveryShortfallPence > 0 ? t('cartFreeDeliveryShort', { amount: formatPence(totals.freeDeliveryShortfallPence) }) : t('cartFreeDeliveryReached')}
        </p>
      )}
      {totals.source === 'client' && <p className="minicart-estimate">{t('cartTotalsEstimate')}</p>}
    </section>
  );
}
