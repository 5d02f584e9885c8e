import { useTranslation } from 'react-i18next';
import type { TotalsView } from '../../domain/cart/totals-view';
import { formatMoney } from '../../i18n/money';

const LABELS = { subtotal: 'cartSubtotal', shipping: 'cartShipping', discount: 'cartDiscount', tax: 'cartTax', grand_total: 'cartGrandTotal' } as const;

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
      <dl>
        {totals.rows.map((row) => (
          <div key={row.code} className={`totals-row totals-${row.code}`} data-code={row.code}>
            <dt>{row.code === 'discount' ? row.title : t(LABELS[row.code])}</dt>
            <dd>{formatMoney(row.value)}</dd>
          </div>
        ))}
      </dl>
      {totals.source === 'client' && <p className="minicart-estimate">{t('cartTotalsEstimate')}</p>}
    </section>
  );
}
