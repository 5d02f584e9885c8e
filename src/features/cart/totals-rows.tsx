import { useTranslation } from 'react-i18next';
import type { ShownTotalsRow } from '../../domain/totals/shown-totals';
import { formatMoney } from '../../i18n/money';

/** One wording per row for the minicart and checkout alike: each figure says whether it includes VAT. */
const LABELS = { subtotal: 'totalsSubtotal', shipping: 'totalsShipping', discount: 'totalsDiscount', tax: 'totalsVat', grand_total: 'totalsGrandTotal' } as const;

/** The totals rows (`shownTotalsRows`), as a description list. */
export function TotalsRows({ rows }: { rows: readonly ShownTotalsRow[] }) {
  const { t } = useTranslation();
  return (
    <dl>
      {rows.map((row) => (
        <div key={row.code} className={`totals-row totals-${row.code}`} data-code={row.code}>
          <dt>{row.coupon ? `${t(LABELS[row.code])} (${row.coupon})` : t(LABELS[row.code])}</dt>
          <dd>{formatMoney(row.value)}</dd>
        </div>
      ))}
    </dl>
  );
}
