import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { createPasswordFormSchema, type CreatePasswordForm } from '../../../schemas/forms/account-password-forms';
import { useShop } from '../../db/hooks/shop-context';
import { createPassword } from '../../db/session/account-api';
import { useTitle } from '../../ui/use-title';
import { FormFields, type FieldSpec } from '../forms/form-fields';
import { AccountFormFrame } from './account-form-frame';
import { useAccountForm } from './use-account-form';

const FIELDS: readonly FieldSpec[] = [
  { name: 'password', label: 'accountNewPassword', type: 'password', autoComplete: 'new-password', required: true },
  { name: 'confirmPassword', label: 'accountRepeatNewPassword', type: 'password', autoComplete: 'new-password', required: true },
];

/** /create-password?email=…&token=…: the mailed link; the new password is set, then the shopper is logged in. */
export function CreatePasswordPage() {
  const { t } = useTranslation();
  useTitle(t('accountCreatePasswordTitle'));
  const shop = useShop();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const resetToken = params.get('token') ?? '';
  const { form, state, onSubmit } = useAccountForm<CreatePasswordForm>(createPasswordFormSchema, { password: '', confirmPassword: '' }, async ({ password }) =>
    shop ? createPassword(shop, { email, resetToken, newPassword: password }) : { ok: false, message: t('accountNetwork') },
  );
  return (
    <section className="account-screen service-form">
      <h1>{t('accountCreatePasswordTitle')}</h1>
      {!email || !resetToken ? (
        <p role="alert">
          {t('accountCreatePasswordBadLink')} <Link to="/forgotten-password">{t('accountResetTitle')}</Link>
        </p>
      ) : state.status === 'done' ? (
        <p role="status" className="form-confirmation">
          {t('accountCreatePasswordDone')} <Link to="/my-account">{t('myAccount')}</Link>
        </p>
      ) : (
        <AccountFormFrame state={state} submitLabel={t('accountCreatePasswordSubmit')} onSubmit={onSubmit}>
          <p>{email}</p>
          <FormFields form={form} fields={FIELDS} idPrefix="create-password" />
        </AccountFormFrame>
      )}
    </section>
  );
}
