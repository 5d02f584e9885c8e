import { useTranslation } from 'react-i18next';
import { checkoutShippingSchema, SHIPPING_METHOD, type CheckoutShipping } from '../../../schemas/forms/checkout-address-form';
import type { ShopDatabase } from '../../db/database-types';
import { COURIER_FLAT_RATE } from '../../domain/totals/delivery-methods';
import { formatPence } from '../../i18n/money';
import { AddressFields, addressDefaults } from './address-fields';
import { MethodChoice } from './method-choice';
import { useStepForm } from './use-step-form';

interface Props {
  db: ShopDatabase;
  initial: Partial<Record<keyof CheckoutShipping, string>>;
  /** The personal details' names: the shipping names start as them, as most people ship to themselves. */
  names: { firstName: string; lastName: string } | null;
  onDone: (values: CheckoutShipping) => void;
}

/** Step 2, "Shipping": the delivery address (Great Britain unless chosen otherwise) and the courier flat rate. */
export function ShippingStep({ db, initial, names, onDone }: Props) {
  const { t } = useTranslation();
  const form = useStepForm<CheckoutShipping>(db, 'shippingDetails', () => checkoutShippingSchema, {
    ...addressDefaults(initial),
    firstName: initial.firstName || (names?.firstName ?? ''),
    lastName: initial.lastName || (names?.lastName ?? ''),
    // The only method there is, chosen from the start (SPEC §4 default selection).
    shippingMethod: SHIPPING_METHOD.method,
  });
  const methodError = form.formState.errors.shippingMethod?.message;
  return (
    <form noValidate onSubmit={(e) => void form.handleSubmit(onDone)(e)}>
      <AddressFields form={form} idPrefix="checkout-shipping" />
      <MethodChoice id="checkout-shipping-method" legend={t('checkoutShippingMethod')} error={methodError}>
        <input type="radio" value={SHIPPING_METHOD.method} {...form.register('shippingMethod')} /> {t('checkoutCourierFlatRate')} — {formatPence(COURIER_FLAT_RATE.inclTaxPence)} {t('inclVat')}
      </MethodChoice>
      <button type="submit" className="button button-primary">
        {t('checkoutContinueToPayment')}
      </button>
    </form>
  );
}
