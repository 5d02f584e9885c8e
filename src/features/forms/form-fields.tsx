import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Messages } from '../../i18n/en';
import { FormField } from './form-field';

export interface FieldSpec {
  name: string;
  label: keyof Messages;
  type?: 'text' | 'email' | 'tel' | 'textarea' | 'password';
  autoComplete?: string;
  required?: boolean;
}

/** The text fields of a form, in order, each with its message from the shared schema. */
export function FormFields<T extends FieldValues>({ form, fields, idPrefix }: { form: UseFormReturn<T>; fields: readonly FieldSpec[]; idPrefix: string }) {
  const { t } = useTranslation();
  const errors = form.formState.errors as Record<string, { message?: string; type?: string } | undefined>;
  return (
    <>
      {fields.map((field) => (
        <FormField
          key={field.name}
          id={`${idPrefix}-${field.name}`}
          label={t(field.label)}
          registration={form.register(field.name as Path<T>)}
          error={errors[field.name] as never}
          {...(field.type ? { type: field.type } : {})}
          {...(field.autoComplete ? { autoComplete: field.autoComplete } : {})}
          {...(field.required ? { required: true } : {})}
        />
      ))}
    </>
  );
}

/** Name and e-mail, the start of every form (the server mails its confirmation to this address). */
export const PERSON_FIELDS: readonly FieldSpec[] = [
  { name: 'firstName', label: 'formFirstName', autoComplete: 'given-name', required: true },
  { name: 'lastName', label: 'formLastName', autoComplete: 'family-name', required: true },
  { name: 'emailAddress', label: 'formEmail', type: 'email', autoComplete: 'email', required: true },
];

export const PHONE_FIELD: FieldSpec = { name: 'phoneNumber', label: 'formPhone', type: 'tel', autoComplete: 'tel' };

/** A postal address (country is a separate select, GB first). */
export const ADDRESS_FIELDS: readonly FieldSpec[] = [
  { name: 'streetAddress', label: 'formStreet', autoComplete: 'address-line1', required: true },
  { name: 'apartmentNumber', label: 'formApartment', autoComplete: 'address-line2' },
  { name: 'city', label: 'formCity', autoComplete: 'address-level2', required: true },
  { name: 'zipCode', label: 'formZip', autoComplete: 'postal-code', required: true },
];
