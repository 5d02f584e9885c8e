import { useTranslation } from 'react-i18next';
import { catalogueRequestFormSchema, type CatalogueRequestForm } from '../../../schemas/forms/catalog-request-form';
import { useTitle } from '../../ui/use-title';
import { CountrySelect } from './country-select';
import { ADDRESS_FIELDS, FormFields, PERSON_FIELDS } from './form-fields';
import { FormShell } from './form-shell';
import { useServiceForm } from './use-service-form';

/** /catalogue-request: a printed catalogue posted to the address given. */
export function CatalogueRequestPage() {
  const { t } = useTranslation();
  useTitle(t('catalogueTitle'));
  const { form, state, onSubmit, restart } = useServiceForm<CatalogueRequestForm>('catalogue-request', catalogueRequestFormSchema, {
    firstName: '',
    lastName: '',
    emailAddress: '',
    company: '',
    streetAddress: '',
    apartmentNumber: '',
    city: '',
    zipCode: '',
    country: 'GB',
    message: '',
  });
  return (
    <FormShell title={t('catalogueTitle')} intro={<p>{t('catalogueIntro')}</p>} state={state} confirmation={t('catalogueSent')} submitLabel={t('catalogueSubmit')} onSubmit={(e) => void onSubmit(e)} onRestart={restart}>
      <FormFields form={form} fields={PERSON_FIELDS} idPrefix="catalogue" />
      <fieldset>
        <legend>{t('formPostalAddress')}</legend>
        <FormFields form={form} fields={[{ name: 'company', label: 'formCompanyOptional', autoComplete: 'organization' }, ...ADDRESS_FIELDS]} idPrefix="catalogue" />
        <CountrySelect id="catalogue-country" label={t('formCountry')} registration={form.register('country')} error={form.formState.errors.country} />
      </fieldset>
      <FormFields form={form} fields={[{ name: 'message', label: 'formMessageOptional', type: 'textarea' }]} idPrefix="catalogue" />
    </FormShell>
  );
}
