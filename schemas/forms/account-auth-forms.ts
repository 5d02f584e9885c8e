import * as v from 'valibot';
import { emailField, personNameField } from './form-fields';
import { FORM_MESSAGES as M, tooLong } from './form-messages';

/**
 * Login and register (the account modal). The login password is only required: a shopper whose
 * password predates the 8-letter rule must still be able to sign in and get the server's answer.
 */
export const loginFormSchema = v.strictObject({
  email: emailField,
  password: v.pipe(v.string(M.required), v.nonEmpty(M.required), v.maxLength(256, tooLong(256))),
});

export type LoginForm = v.InferOutput<typeof loginFormSchema>;

/** A password being chosen: empty is "Field is required.", then at least 8 letters; never trimmed. */
export const newPasswordField = v.pipe(v.string(M.required), v.nonEmpty(M.required), v.minLength(8, M.password), v.maxLength(256, tooLong(256)));

export const registerFormSchema = v.pipe(
  v.strictObject({
    email: emailField,
    firstName: personNameField,
    lastName: personNameField,
    password: newPasswordField,
    confirmPassword: v.pipe(v.string(M.required), v.nonEmpty(M.required)),
  }),
  // "Passwords must be identical." is reported on the repeat field, where the shopper looks.
  v.forward(v.partialCheck([['password'], ['confirmPassword']], (i) => i.password === i.confirmPassword, M.passwordsIdentical), ['confirmPassword']),
);

export type RegisterForm = v.InferOutput<typeof registerFormSchema>;
