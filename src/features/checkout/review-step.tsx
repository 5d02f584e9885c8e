import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { checkoutReviewSchema, type CheckoutReviewForm } from '../../../schemas/forms/checkout-review-form';
import type { CartLine } from '../../../schemas/rx/cart.schema';
import type { CheckoutTotals } from '../../db/orders/checkout-totals';
import { formatMoney, formatPence } from '../../i18n/money';
import { valibotResolver } from '../../ui/valibot-resolver';
import { CheckboxField, FormField } from '../forms/form-field';
import { OrderTotals } from './order-totals';

interface Props {
  lines: readonly CartLine[];
  totals: CheckoutTotals | null;
  placing: boolean;
  failure: string | null;
  /** The server refused the order for a changed price: the new total (shown above) the next press confirms. */
  newTotal: number | null;
  /** The reference as last typed (kept by the steps, so a visit to another step loses nothing). */
  reference: string;
  onReferenceChange: (reference: string) => void;
  onPlace: (values: CheckoutReviewForm) => void;
}

/** The row total with VAT: the server's figure when its totals are shown, else the line's own price. */
function rowTotal(line: CartLine, totals: CheckoutTotals | null): string {
  const item = totals?.ok ? totals.totals.items.find((i) => i.sku === line.sku && i.qty === line.qty) : undefined;
  return item ? formatMoney(item.row_total_incl_tax) : formatPence(line.price_incl_tax_pence * line.qty);
}

/**
 * Step 4, "Order Summary": the lines and totals, the shopper's own reference (job or PO number, where
 * a trade buyer looks for it: just before placing), the terms, and "Place the order".
 */
export function ReviewStep({ lines, totals, placing, failure, newTotal, reference, onReferenceChange, onPlace }: Props) {
  const { t } = useTranslation();
  // Unticked at first; the schema insists on `true` ("You must accept the terms and conditions.").
  const form = useForm<CheckoutReviewForm>({ resolver: valibotResolver(checkoutReviewSchema), defaultValues: { customerReference: reference, acceptTerms: false as unknown as true }, mode: 'onSubmit', reValidateMode: 'onChange' });
  const typed = useWatch({ control: form.control, name: 'customerReference' }) ?? '';
  useEffect(() => {
    if (typed !== reference) onReferenceChange(typed);
  }, [typed, reference, onReferenceChange]);
  return (
    <form noValidate onSubmit={(e) => void form.handleSubmit(onPlace)(e)} aria-busy={placing}>
      <table className="checkout-lines">
        <caption className="visually-hidden">{t('checkoutProducts')}</caption>
        <tbody>
          {lines.map((line) => (
            <tr key={line.id}>
              <th scope="row">
                {line.name}
                {Object.values(line.errors).map((message) => (
                  <span key={message} className="field-error checkout-line-error">
                    {' '}
                    {message}
                  </span>
                ))}
              </th>
              <td className="checkout-line-qty">{t('checkoutQtyTimes', { qty: line.qty })}</td>
              <td className="checkout-line-total">{rowTotal(line, totals)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <OrderTotals totals={totals} />
      <FormField
        id="checkout-review-customerReference"
        label={t('checkoutReference')}
        registration={form.register('customerReference')}
        error={form.formState.errors.customerReference}
        autoComplete="off"
      />
      <CheckboxField
        id="checkout-review-acceptTerms"
        label={t('formAcceptTerms')}
        registration={form.register('acceptTerms')}
        error={form.formState.errors.acceptTerms}
        extra={
          <Link to="/i/terms-and-conditions" target="_blank">
            {t('formReadTerms')}
          </Link>
        }
      />
      {failure && (
        <p role="alert" className="form-failure">
          {failure}
        </p>
      )}
      {newTotal !== null && !placing && (
        <p role="alert" className="form-failure checkout-price-changed">
          {t('checkoutPriceChanged', { total: formatMoney(newTotal) })}
        </p>
      )}
      <button type="submit" className="button button-primary" disabled={placing}>
        {placing ? t('checkoutPlacing') : t('checkoutPlaceOrder')}
      </button>
    </form>
  );
}
