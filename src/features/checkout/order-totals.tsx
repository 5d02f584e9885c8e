import { useTranslation } from 'react-i18next';
import type { CheckoutTotals } from '../../db/orders/checkout-totals';
import { shownTotalsRows } from '../../domain/totals/shown-totals';
import { TotalsRows } from '../cart/totals-rows';

/** Subtotal, shipping, discount, VAT and grand total, all as the shopper pays them (the minicart's rows). */
export function OrderTotals({ totals }: { totals: CheckoutTotals | null }) {
  const { t } = useTranslation();
  if (!totals) return null;
  if (!totals.ok) return <p role="alert">{totals.message}</p>;
  return (
    <div className="checkout-totals">
      <TotalsRows rows={shownTotalsRows(totals.totals)} />
      {totals.source === 'client' && <p className="muted">{t('checkoutTotalsOffline')}</p>}
    </div>
  );
}
