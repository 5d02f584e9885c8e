import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { contactFormSchema, type ContactForm } from '../../../schemas/forms/contact-form';
import { FormFields, PERSON_FIELDS, PHONE_FIELD, type FieldSpec } from './form-fields';
import { FormShell } from './form-shell';
import { useServiceForm } from './use-service-form';

const FIELDS: readonly FieldSpec[] = [...PERSON_FIELDS, PHONE_FIELD, { name: 'subject', label: 'formSubject' }, { name: 'message', label: 'formMessage', type: 'textarea', required: true }];

/** /contact: the shop's contact text (`intro`, a CMS page) followed by the contact form. */
export function ContactPage({ intro }: { intro?: ReactNode }) {
  const { t } = useTranslation();
  const { form, state, onSubmit, restart } = useServiceForm<ContactForm>('contact', contactFormSchema, { firstName: '', lastName: '', emailAddress: '', phoneNumber: '', subject: '', message: '' });
  return (
    <>
      {intro}
      <FormShell title={t('contactTitle')} headingLevel={intro ? 2 : 1} state={state} confirmation={t('contactSent')} submitLabel={t('contactSubmit')} onSubmit={(e) => void onSubmit(e)} onRestart={restart}>
        <FormFields form={form} fields={FIELDS} idPrefix="contact" />
      </FormShell>
    </>
  );
}
