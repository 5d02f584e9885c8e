import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '../forms/country-select';
import { ADDRESS_FIELDS, FormFields, PHONE_FIELD, type FieldSpec } from '../forms/form-fields';

const NAME_FIELDS: readonly FieldSpec[] = [
  { name: 'firstName', label: 'formFirstName', autoComplete: 'given-name', required: true },
  { name: 'lastName', label: 'formLastName', autoComplete: 'family-name', required: true },
];

const STATE_FIELD: FieldSpec = { name: 'state', label: 'checkoutState', autoComplete: 'address-level1' };

/** The address values a step's form starts with: what the shopper typed before, GB when no country was chosen. */
export function addressDefaults(initial: Partial<Record<'firstName' | 'lastName' | 'streetAddress' | 'apartmentNumber' | 'city' | 'state' | 'zipCode' | 'country' | 'phoneNumber', string>>) {
  return {
    firstName: initial.firstName ?? '',
    lastName: initial.lastName ?? '',
    streetAddress: initial.streetAddress ?? '',
    apartmentNumber: initial.apartmentNumber ?? '',
    city: initial.city ?? '',
    state: initial.state ?? '',
    zipCode: initial.zipCode ?? '',
    country: initial.country || 'GB',
    phoneNumber: initial.phoneNumber ?? '',
  };
}

/** Names, street, city, county, zip-code, country (GB first) and phone: a shipping or billing address. */
export function AddressFields<T extends FieldValues>({ form, idPrefix }: { form: UseFormReturn<T>; idPrefix: string }) {
  const { t } = useTranslation();
  const errors = form.formState.errors as Record<string, { message?: string } | undefined>;
  return (
    <>
      <FormFields form={form} fields={[...NAME_FIELDS, ...ADDRESS_FIELDS, STATE_FIELD]} idPrefix={idPrefix} />
      <CountrySelect id={`${idPrefix}-country`} label={t('formCountry')} registration={form.register('country' as Path<T>)} error={errors.country as never} />
      <FormFields form={form} fields={[PHONE_FIELD]} idPrefix={idPrefix} />
    </>
  );
}

/** One address in a step's summary. */
export function AddressSummary({ address }: { address: Record<string, unknown> }) {
  const text = (key: string) => (typeof address[key] === 'string' ? (address[key]).trim() : '');
  const lines = [
    `${text('firstName')} ${text('lastName')}`.trim(),
    [text('streetAddress'), text('apartmentNumber')].filter(Boolean).join(', '),
    [text('city'), text('state'), text('zipCode')].filter(Boolean).join(', '),
    text('country'),
    text('phoneNumber'),
  ].filter(Boolean);
  return (
    <address>
      {lines.map((line, i) => (
        <span key={`${i}-${line}`} className="address-line">
          {line}
        </span>
      ))}
    </address>
  );
}
