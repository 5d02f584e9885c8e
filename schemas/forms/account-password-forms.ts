import * as v from 'valibot';
import { newPasswordField } from './account-auth-forms';
import { emailField } from './form-fields';
import { FORM_MESSAGES as M, tooLong } from './form-messages';

const repeatField = v.pipe(v.string(M.required), v.nonEmpty(M.required));

/** /forgotten-password: the address the reset link is mailed to. */
export const forgottenPasswordFormSchema = v.strictObject({ email: emailField });
export type ForgottenPasswordForm = v.InferOutput<typeof forgottenPasswordFormSchema>;

/** /create-password: the new password, twice (the e-mail and token come from the mailed link). */
export const createPasswordFormSchema = v.pipe(
  v.strictObject({ password: newPasswordField, confirmPassword: repeatField }),
  v.forward(v.partialCheck([['password'], ['confirmPassword']], (i) => i.password === i.confirmPassword, M.passwordsIdentical), ['confirmPassword']),
);
export type CreatePasswordForm = v.InferOutput<typeof createPasswordFormSchema>;

/** My profile → change password: SPEC §5 "Changing a password needs currentPassword and newPassword". */
export const changePasswordFormSchema = v.pipe(
  v.strictObject({
    currentPassword: v.pipe(v.string(M.required), v.nonEmpty(M.required), v.maxLength(256, tooLong(256))),
    newPassword: newPasswordField,
    confirmPassword: repeatField,
  }),
  v.forward(v.partialCheck([['newPassword'], ['confirmPassword']], (i) => i.newPassword === i.confirmPassword, M.passwordsIdentical), ['confirmPassword']),
);
export type ChangePasswordForm = v.InferOutput<typeof changePasswordFormSchema>;
