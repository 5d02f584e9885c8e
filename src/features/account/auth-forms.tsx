import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { loginFormSchema, registerFormSchema, type LoginForm, type RegisterForm } from '../../../schemas/forms/account-auth-forms';
import { useShop } from '../../db/hooks/shop-context';
import { registerAndSignIn, type Outcome } from '../../db/session/account-api';
import { FormFields, type FieldSpec } from '../forms/form-fields';
import { AccountFormFrame } from './account-form-frame';
import { useAccountForm } from './use-account-form';

const LOGIN_FIELDS: readonly FieldSpec[] = [
  { name: 'email', label: 'formEmail', type: 'email', autoComplete: 'username', required: true },
  { name: 'password', label: 'accountPassword', type: 'password', autoComplete: 'current-password', required: true },
];

const REGISTER_FIELDS: readonly FieldSpec[] = [
  { name: 'email', label: 'formEmail', type: 'email', autoComplete: 'email', required: true },
  { name: 'firstName', label: 'formFirstName', autoComplete: 'given-name', required: true },
  { name: 'lastName', label: 'formLastName', autoComplete: 'family-name', required: true },
  { name: 'password', label: 'accountPassword', type: 'password', autoComplete: 'new-password', required: true },
  { name: 'confirmPassword', label: 'accountRepeatPassword', type: 'password', autoComplete: 'new-password', required: true },
];

const NOT_READY: Outcome = { ok: false, message: 'Check your Network conection.' };

function LoginForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const shop = useShop();
  const { form, state, onSubmit } = useAccountForm<LoginForm>(loginFormSchema, { email: '', password: '' }, async (values) => {
    const outcome = shop ? await shop.sync.signIn(values.email, values.password) : NOT_READY;
    if (outcome.ok) onDone();
    return outcome;
  });
  return (
    <AccountFormFrame state={state} submitLabel={t('accountLoginSubmit')} onSubmit={onSubmit} className="login-form">
      <FormFields form={form} fields={LOGIN_FIELDS} idPrefix="login" />
      <p>
        <Link to="/forgotten-password" onClick={onDone}>
          {t('accountForgotLink')}
        </Link>
      </p>
    </AccountFormFrame>
  );
}

function RegisterForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const shop = useShop();
  const { form, state, onSubmit } = useAccountForm<RegisterForm>(registerFormSchema, { email: '', firstName: '', lastName: '', password: '', confirmPassword: '' }, async (values) => {
    const outcome = shop ? await registerAndSignIn(shop, values) : NOT_READY;
    if (outcome.ok) onDone();
    return outcome;
  });
  return (
    <AccountFormFrame state={state} submitLabel={t('accountRegisterSubmit')} onSubmit={onSubmit} className="register-form">
      <FormFields form={form} fields={REGISTER_FIELDS} idPrefix="register" />
    </AccountFormFrame>
  );
}

/**
 * Login and register, switchable; used in the header's modal and on account pages for a guest. The
 * title is one level below its surroundings' heading: h3 under the modal's h2, h2 under a page's h1.
 */
export function AuthForms({ onDone = () => undefined, headingLevel = 3 }: { onDone?: () => void; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'login' | 'register'>('login');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="auth-forms">
      <Heading>{mode === 'login' ? t('accountLoginTitle') : t('accountRegisterTitle')}</Heading>
      {mode === 'login' ? <LoginForm onDone={onDone} /> : <RegisterForm onDone={onDone} />}
      <p className="auth-switch">
        {mode === 'login' ? t('accountNoAccount') : t('accountHaveAccount')}{' '}
        <button type="button" className="link-button" onClick={() => setMode(mode === 'login' ? 'register' : 'login')}>
          {mode === 'login' ? t('accountRegister') : t('accountLogin')}
        </button>
      </p>
    </div>
  );
}
