import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { tradeAccountFormSchema, type TradeAccountForm } from '../../../schemas/forms/trade-account-form';
import { useTitle } from '../../ui/use-title';
import { CountrySelect } from './country-select';
import { CheckboxField } from './form-field';
import { ADDRESS_FIELDS, FormFields, PERSON_FIELDS, PHONE_FIELD, type FieldSpec } from './form-fields';
import { FormShell } from './form-shell';
import { useServiceForm } from './use-service-form';

const BUSINESS: readonly FieldSpec[] = [
  { name: 'company', label: 'formCompany', autoComplete: 'organization', required: true },
  { name: 'taxId', label: 'formTaxId', required: true },
  { name: 'tradeType', label: 'formTradeType' },
];

/** /trade-account ("Trade Account Signup"): a business applies for an account with credit terms. */
export function TradeAccountPage() {
  const { t } = useTranslation();
  useTitle(t('tradeTitle'));
  const { form, state, onSubmit, restart } = useServiceForm<TradeAccountForm>('trade-account', tradeAccountFormSchema, {
    company: '',
    taxId: '',
    firstName: '',
    lastName: '',
    emailAddress: '',
    phoneNumber: '',
    streetAddress: '',
    apartmentNumber: '',
    city: '',
    zipCode: '',
    country: 'GB',
    tradeType: '',
    message: '',
    // Unticked at first; the schema insists on `true` ("You must accept the terms and conditions.").
    acceptTerms: false as unknown as true,
  });
  return (
    <FormShell title={t('tradeTitle')} intro={<p>{t('tradeIntro')}</p>} state={state} confirmation={t('tradeSent')} submitLabel={t('tradeSubmit')} onSubmit={(e) => void onSubmit(e)} onRestart={restart}>
      <fieldset>
        <legend>{t('formBusiness')}</legend>
        <FormFields form={form} fields={BUSINESS} idPrefix="trade" />
      </fieldset>
      <fieldset>
        <legend>{t('formContactPerson')}</legend>
        <FormFields form={form} fields={[...PERSON_FIELDS, PHONE_FIELD]} idPrefix="trade" />
      </fieldset>
      <fieldset>
        <legend>{t('formBusinessAddress')}</legend>
        <FormFields form={form} fields={ADDRESS_FIELDS} idPrefix="trade" />
        <CountrySelect id="trade-country" label={t('formCountry')} registration={form.register('country')} error={form.formState.errors.country} />
      </fieldset>
      <FormFields form={form} fields={[{ name: 'message', label: 'formMessageOptional', type: 'textarea' }]} idPrefix="trade" />
      <CheckboxField id="trade-acceptTerms" label={t('formAcceptTerms')} registration={form.register('acceptTerms')} error={form.formState.errors.acceptTerms}
        extra={
          <Link to="/i/terms-and-conditions" target="_blank">
            {t('formReadTerms')}
          </Link>
        }
      />
    </FormShell>
  );
}
