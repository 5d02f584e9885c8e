import { useTranslation } from 'react-i18next';
import type { ApiAddress } from '../../../../schemas/api/user';
import { shippingDetailsFormSchema, type ShippingDetailsForm } from '../../../../schemas/forms/account-profile-forms';
import { useShop } from '../../../db/hooks/shop-context';
import { updateProfile } from '../../../db/session/account-api';
import { CountrySelect } from '../../forms/country-select';
import { ADDRESS_FIELDS, FormFields, PHONE_FIELD, type FieldSpec } from '../../forms/form-fields';
import { AccountFormFrame } from '../account-form-frame';
import { useAccountForm } from '../use-account-form';
import { useCurrentUser } from '../use-account-query';
import { shippingAddressFrom, toShippingForm } from './shipping-address';
import { BlockStatus } from './block-status';

const NAME_FIELDS: readonly FieldSpec[] = [
  { name: 'firstName', label: 'formFirstName', autoComplete: 'given-name', required: true },
  { name: 'lastName', label: 'formLastName', autoComplete: 'family-name', required: true },
  { name: 'company', label: 'formCompanyOptional', autoComplete: 'organization' },
];

/** My account → shipping details: the default shipping address, saved with the profile (POST /api/user/me). */
export function ShippingBlock() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  if (!user) return <p>{t('accountLoading')}</p>;
  const addresses = (Array.isArray(user.addresses) ? user.addresses : []) as ApiAddress[];
  return (
    <>
      <h2>{t('accountBlockShipping')}</h2>
      <ShippingForm key={typeof user.id === 'number' ? user.id : 'me'} addresses={addresses} fallbackName={{ firstname: user.firstname ?? '', lastname: user.lastname ?? '' }} />
    </>
  );
}

function ShippingForm({ addresses, fallbackName }: { addresses: ApiAddress[]; fallbackName: { firstname: string; lastname: string } }) {
  const { t } = useTranslation();
  const shop = useShop();
  const current = addresses.find((a) => a.default_shipping) ?? addresses[0];
  const { form, state, onSubmit } = useAccountForm<ShippingDetailsForm>(shippingDetailsFormSchema, toShippingForm(current, fallbackName), (values) =>
    shop ? updateProfile(shop, { addresses: shippingAddressFrom(values, addresses) }) : Promise.resolve({ ok: false, message: t('accountNetwork') }),
  );
  return (
    <AccountFormFrame state={state} submitLabel={t('accountSave')} onSubmit={onSubmit} className="shipping-form">
      {!current && <p className="muted">{t('accountNoShipping')}</p>}
      <FormFields form={form} fields={NAME_FIELDS} idPrefix="shipping" />
      <FormFields form={form} fields={ADDRESS_FIELDS} idPrefix="shipping" />
      <CountrySelect id="shipping-country" label={t('formCountry')} registration={form.register('country')} error={form.formState.errors.country} />
      <FormFields form={form} fields={[PHONE_FIELD]} idPrefix="shipping" />
      <BlockStatus show={state.status === 'done'} message={t('accountUpdated')} />
    </AccountFormFrame>
  );
}
