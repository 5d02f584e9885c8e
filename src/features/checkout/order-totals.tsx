import { useTranslation } from 'react-i18next';
import type { CheckoutTotals } from '../../db/orders/checkout-totals';
import { formatMoney } from '../../i18n/money';

/** Subtotal, shipping, discount, VAT and grand total, all as the shopper pays them. */
export function OrderTotals({ totals }: { totals: CheckoutTotals | null }) {
  const { t } = useTranslation();
  if (!totals) return null;
  if (!totals.ok) return <p role="alert">{totals.message}</p>;
  const x = totals.totals;
  const rows: [string, number, string][] = [
    [t('checkoutSubtotal'), x.subtotal_incl_tax, 'subtotal'],
    ...(x.shipping_incl_tax > 0 ? [[t('checkoutShippingCost'), x.shipping_incl_tax, 'shipping'] as [string, number, string]] : []),
    ...(x.discount_amount !== 0 ? [[x.coupon_code ? `${t('checkoutDiscount')} (${x.coupon_code})` : t('checkoutDiscount'), x.discount_amount, 'discount'] as [string, number, string]] : []),
    [t('checkoutVat'), x.tax_amount, 'tax'],
  ];
  return (
    <div className="checkout-totals">
      <dl>
        {rows.map(([label, amount, code]) => (
          <div key={code} className={`totals-row totals-${code}`}>
            <dt>{label}</dt>
            <dd>{formatMoney(amount)}</dd>
          </div>
        ))}
        <div className="totals-row totals-grand_total">
          <dt>{t('checkoutGrandTotal')}</dt>
          <dd>{formatMoney(x.grand_total)}</dd>
        </div>
      </dl>
      {totals.source === 'client' && <p className="muted">{t('checkoutTotalsOffline')}</p>}
    </div>
  );
}
