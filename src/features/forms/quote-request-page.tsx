import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { quoteRequestFormSchema, type QuoteRequestForm } from '../../../schemas/forms/quote-request-form';
import { useTitle } from '../../ui/use-title';
import { FormFields, PERSON_FIELDS, PHONE_FIELD, type FieldSpec } from './form-fields';
import { FormShell } from './form-shell';
import { QuoteLinesFieldset } from './quote-lines-fieldset';
import { quoteStartLines } from './quote-start-lines';
import { useServiceForm } from './use-service-form';

const FIELDS: readonly FieldSpec[] = [...PERSON_FIELDS, PHONE_FIELD, { name: 'company', label: 'formCompanyOptional', autoComplete: 'organization' }];

/** /quote-request ("Quote Requests"): contact details, the products (from the cart when passed in) and a message. */
export function QuoteRequestPage() {
  const { t } = useTranslation();
  useTitle(t('quoteTitle'));
  const location = useLocation();
  const [search] = useSearchParams();
  // Read once: the lines are the form's starting point, the shopper edits them from there.
  const [items] = useState(() => quoteStartLines(location.state, search));
  const { form, state, onSubmit, restart } = useServiceForm<QuoteRequestForm>('quote-request', quoteRequestFormSchema, {
    firstName: '',
    lastName: '',
    emailAddress: '',
    phoneNumber: '',
    company: '',
    message: '',
    items,
  });
  return (
    <FormShell title={t('quoteTitle')} intro={<p>{t('quoteIntro')}</p>} state={state} confirmation={t('quoteSent')} submitLabel={t('quoteSubmit')} onSubmit={(e) => void onSubmit(e)} onRestart={restart}>
      <FormFields form={form} fields={FIELDS} idPrefix="quote" />
      <QuoteLinesFieldset form={form} />
      <FormFields form={form} fields={[{ name: 'message', label: 'formMessage', type: 'textarea', required: true }]} idPrefix="quote" />
    </FormShell>
  );
}
