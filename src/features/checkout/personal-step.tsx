import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { checkoutPersonalSchema, type CheckoutPersonalForm } from '../../../schemas/forms/checkout-personal-form';
import type { ShopDatabase } from '../../db/database-types';
import { CheckboxField } from '../forms/form-field';
import { FormFields, PERSON_FIELDS } from '../forms/form-fields';
import { PasswordField } from './password-field';
import { useStepForm } from './use-step-form';

interface Props {
  db: ShopDatabase;
  initial: Partial<CheckoutPersonalForm>;
  /** A signed-in shopper already has an account: no offer to create one. */
  signedIn: boolean;
  onDone: (values: CheckoutPersonalForm) => void;
}

/** Step 1, "Personal Details": names and e-mail, and optionally a new account's password. */
export function PersonalStep({ db, initial, signedIn, onDone }: Props) {
  const { t } = useTranslation();
  const form = useStepForm<CheckoutPersonalForm>(db, 'personalDetails', (values) => checkoutPersonalSchema(!signedIn && values.createAccount), {
    firstName: initial.firstName ?? '',
    lastName: initial.lastName ?? '',
    emailAddress: initial.emailAddress ?? '',
    createAccount: !signedIn && initial.createAccount === true,
    password: '',
    repeatPassword: '',
  });
  const wantsAccount = useWatch({ control: form.control, name: 'createAccount' });
  const errors = form.formState.errors;
  return (
    <form noValidate onSubmit={(e) => void form.handleSubmit((values) => onDone({ ...values, createAccount: !signedIn && values.createAccount }))(e)}>
      {!signedIn && <p className="muted">{t('checkoutGuestNote')}</p>}
      <FormFields form={form} fields={PERSON_FIELDS} idPrefix="checkout-personal" />
      {!signedIn && (
        <>
          <CheckboxField id="checkout-personal-createAccount" label={t('checkoutCreateAccount')} registration={form.register('createAccount')} error={undefined} />
          {wantsAccount && (
            <>
              <PasswordField id="checkout-personal-password" label={t('checkoutPassword')} registration={form.register('password')} error={errors.password} />
              <PasswordField id="checkout-personal-repeatPassword" label={t('checkoutRepeatPassword')} registration={form.register('repeatPassword')} error={errors.repeatPassword} />
            </>
          )}
        </>
      )}
      <button type="submit" className="button button-primary">
        {t('checkoutContinueToShipping')}
      </button>
    </form>
  );
}
