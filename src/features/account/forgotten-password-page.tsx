import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { forgottenPasswordFormSchema, type ForgottenPasswordForm } from '../../../schemas/forms/account-password-forms';
import { useShop } from '../../db/hooks/shop-context';
import { requestPasswordReset } from '../../db/session/account-api';
import { useTitle } from '../../ui/use-title';
import { FormFields, type FieldSpec } from '../forms/form-fields';
import { AccountFormFrame } from './account-form-frame';
import { useAccountForm } from './use-account-form';

const FIELDS: readonly FieldSpec[] = [{ name: 'email', label: 'formEmail', type: 'email', autoComplete: 'email', required: true }];

/** /forgotten-password: mails a link to /create-password (SPEC §2, §7 reset-password). */
export function ForgottenPasswordPage() {
  const { t } = useTranslation();
  useTitle(t('accountResetTitle'));
  const shop = useShop();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { form, state, onSubmit } = useAccountForm<ForgottenPasswordForm>(forgottenPasswordFormSchema, { email: '' }, async ({ email }) => {
    if (!navigator.onLine) return { ok: false, message: t('accountResetOffline') };
    if (!shop) return { ok: false, message: t('accountResetSendError') };
    const outcome = await requestPasswordReset(shop, email);
    if (outcome.ok) setSentTo(email);
    return outcome;
  });
  return (
    <section className="account-screen service-form">
      <h1>{t('accountResetTitle')}</h1>
      {state.status === 'done' && sentTo ? (
        <p role="status" className="form-confirmation">
          {t('accountResetSent', { email: sentTo })}
        </p>
      ) : (
        <>
          <p>{t('accountResetIntro')}</p>
          <AccountFormFrame state={state} submitLabel={t('accountResetSubmit')} onSubmit={onSubmit}>
            <FormFields form={form} fields={FIELDS} idPrefix="reset" />
          </AccountFormFrame>
        </>
      )}
    </section>
  );
}
