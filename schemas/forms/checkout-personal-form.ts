import * as v from 'valibot';
import { emailField, passwordField, personNameField } from './form-fields';
import { FORM_MESSAGES as M } from './form-messages';

/**
 * Checkout step "Personal Details" (SPEC §3 Checkout data): a guest, or "I want to create an
 * account" with a password typed twice. The password rules apply only when an account is wanted,
 * so the schema is chosen by that tick box.
 */
const base = {
  firstName: personNameField,
  lastName: personNameField,
  emailAddress: emailField,
};

const guest = v.object({ ...base, createAccount: v.literal(false), password: v.optional(v.string()), repeatPassword: v.optional(v.string()) });

const withAccount = v.pipe(
  v.object({
    ...base,
    createAccount: v.literal(true),
    password: passwordField,
    repeatPassword: v.pipe(v.string(M.required), v.nonEmpty(M.required)),
  }),
  v.forward(
    v.partialCheck([['password'], ['repeatPassword']], (d) => d.password === d.repeatPassword, M.passwordsIdentical),
    ['repeatPassword'],
  ),
);

export function checkoutPersonalSchema(createAccount: boolean) {
  return createAccount ? withAccount : guest;
}

export interface CheckoutPersonalForm {
  firstName: string;
  lastName: string;
  emailAddress: string;
  createAccount: boolean;
  password?: string | undefined;
  repeatPassword?: string | undefined;
}
