import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { checkoutPaymentSchema, PAYMENT_METHOD, type CheckoutPaymentForm } from '../../../schemas/forms/checkout-address-form';
import type { ShopDatabase } from '../../db/database-types';
import { CheckboxField } from '../forms/form-field';
import { FormFields, type FieldSpec } from '../forms/form-fields';
import { AddressFields, addressDefaults } from './address-fields';
import { MethodChoice } from './method-choice';
import { useStepForm } from './use-step-form';

const INVOICE_FIELDS: readonly FieldSpec[] = [
  { name: 'company', label: 'formCompany', autoComplete: 'organization', required: true },
  { name: 'taxId', label: 'formTaxId', required: true },
];

interface Props {
  db: ShopDatabase;
  initial: Partial<CheckoutPaymentForm>;
  onDone: (values: CheckoutPaymentForm) => void;
}

/** Step 3, "Payment": the billing address (the shipping one unless told otherwise), invoice details, cash on delivery. */
export function PaymentStep({ db, initial, onDone }: Props) {
  const { t } = useTranslation();
  const form = useStepForm<CheckoutPaymentForm>(db, 'paymentDetails', (values) => checkoutPaymentSchema({ sameAsShipping: values.sameAsShipping, generateInvoice: values.generateInvoice }), {
    sameAsShipping: initial.sameAsShipping ?? true,
    generateInvoice: initial.generateInvoice ?? false,
    paymentMethod: PAYMENT_METHOD,
    company: initial.company ?? '',
    taxId: initial.taxId ?? '',
    ...addressDefaults(initial),
  });
  const [sameAsShipping, generateInvoice] = useWatch({ control: form.control, name: ['sameAsShipping', 'generateInvoice'] });
  const methodError = form.formState.errors.paymentMethod?.message;
  return (
    <form noValidate onSubmit={(e) => void form.handleSubmit(onDone)(e)}>
      <CheckboxField id="checkout-payment-sameAsShipping" label={t('checkoutSameAsShipping')} registration={form.register('sameAsShipping')} error={undefined} />
      {!sameAsShipping && (
        <fieldset>
          <legend>{t('checkoutBillingAddress')}</legend>
          <AddressFields form={form} idPrefix="checkout-billing" />
        </fieldset>
      )}
      <CheckboxField id="checkout-payment-generateInvoice" label={t('checkoutInvoice')} registration={form.register('generateInvoice')} error={undefined} />
      {generateInvoice && <FormFields form={form} fields={INVOICE_FIELDS} idPrefix="checkout-billing" />}
      <MethodChoice id="checkout-payment-method" legend={t('checkoutPaymentMethod')} error={methodError}>
        <input type="radio" value={PAYMENT_METHOD} {...form.register('paymentMethod')} /> {t('checkoutCashOnDelivery')}
      </MethodChoice>
      <button type="submit" className="button button-primary">
        {t('checkoutGoReview')}
      </button>
    </form>
  );
}
