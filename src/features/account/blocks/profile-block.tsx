import { useTranslation } from 'react-i18next';
import { changePasswordFormSchema, type ChangePasswordForm } from '../../../../schemas/forms/account-password-forms';
import { profileFormSchema, type ProfileForm } from '../../../../schemas/forms/account-profile-forms';
import { useShop } from '../../../db/hooks/shop-context';
import { changePassword, updateProfile } from '../../../db/session/account-api';
import { FormFields, type FieldSpec } from '../../forms/form-fields';
import { AccountFormFrame } from '../account-form-frame';
import { useAccountForm } from '../use-account-form';
import { useCurrentUser } from '../use-account-query';
import { BlockStatus } from './block-status';

const PROFILE_FIELDS: readonly FieldSpec[] = [
  { name: 'firstName', label: 'formFirstName', autoComplete: 'given-name', required: true },
  { name: 'lastName', label: 'formLastName', autoComplete: 'family-name', required: true },
  { name: 'email', label: 'formEmail', type: 'email', autoComplete: 'email', required: true },
  { name: 'currentPassword', label: 'accountCurrentPasswordForEmail', type: 'password', autoComplete: 'current-password' },
];

const PASSWORD_FIELDS: readonly FieldSpec[] = [
  { name: 'currentPassword', label: 'accountCurrentPassword', type: 'password', autoComplete: 'current-password', required: true },
  { name: 'newPassword', label: 'accountNewPassword', type: 'password', autoComplete: 'new-password', required: true },
  { name: 'confirmPassword', label: 'accountRepeatNewPassword', type: 'password', autoComplete: 'new-password', required: true },
];

function ProfileForm({ initial }: { initial: ProfileForm }) {
  const { t } = useTranslation();
  const shop = useShop();
  const { form, state, onSubmit } = useAccountForm<ProfileForm>(profileFormSchema, initial, (v) =>
    shop
      ? updateProfile(shop, { firstname: v.firstName, lastname: v.lastName, email: v.email }, v.email.trim().toLowerCase() !== initial.email.trim().toLowerCase() ? v.currentPassword : undefined)
      : Promise.resolve({ ok: false, message: t('accountNetwork') }),
  );
  return (
    <AccountFormFrame state={state} submitLabel={t('accountSave')} onSubmit={onSubmit} className="profile-form">
      <FormFields form={form} fields={PROFILE_FIELDS} idPrefix="profile" />
      <BlockStatus show={state.status === 'done'} message={t('accountUpdated')} />
    </AccountFormFrame>
  );
}

function ChangePasswordForm() {
  const { t } = useTranslation();
  const shop = useShop();
  const { form, state, onSubmit } = useAccountForm<ChangePasswordForm>(changePasswordFormSchema, { currentPassword: '', newPassword: '', confirmPassword: '' }, (v) => (shop ? changePassword(shop, v.currentPassword, v.newPassword) : Promise.resolve({ ok: false, message: t('accountNetwork') })),
    { resetOnDone: true },
  );
  return (
    <AccountFormFrame state={state} submitLabel={t('accountChangePassword')} onSubmit={onSubmit} className="change-password-form">
      <FormFields form={form} fields={PASSWORD_FIELDS} idPrefix="change-password" />
      <BlockStatus show={state.status === 'done'} message={t('accountPasswordChanged')} />
    </AccountFormFrame>
  );
}

/** My profile: names and e-mail ("Account data has successfully been updated"), and the password change. */
export function ProfileBlock() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  if (!user) return <p>{t('accountLoading')}</p>;
  const initial = { firstName: user.firstname ?? '', lastName: user.lastname ?? '', email: user.email ?? '', currentPassword: '' };
  return (
    <>
      <h2>{t('accountBlockProfile')}</h2>
      {/* Keyed by the customer: after a save the form keeps its confirmation while the profile reloads. */}
      <ProfileForm key={typeof user.id === 'number' ? user.id : 'me'} initial={initial} />
      <h2>{t('accountChangePassword')}</h2>
      <ChangePasswordForm />
    </>
  );
}
