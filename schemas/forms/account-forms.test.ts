import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { loginFormSchema, registerFormSchema } from './account-auth-forms';
import { changePasswordFormSchema, createPasswordFormSchema, forgottenPasswordFormSchema } from './account-password-forms';
import { orderTrackingFormSchema, profileFormSchema, shippingDetailsFormSchema } from './account-profile-forms';
import { FORM_MESSAGES as M } from './form-messages';

/** Every message per field, the way the form shows them (first one per field). */
function messages(schema: v.GenericSchema, input: unknown): Record<string, string> {
  const result = v.safeParse(schema, input);
  const out: Record<string, string> = {};
  if (result.success) return out;
  for (const issue of result.issues) {
    const key = v.getDotPath(issue) ?? '';
    out[key] ??= issue.message;
  }
  return out;
}

const register = { email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', password: 'long-enough', confirmPassword: 'long-enough' };

describe('account form schemas carry the SPEC §5 messages', () => {
  it('login needs an e-mail and a password, any length', () => {
    expect(messages(loginFormSchema, { email: '', password: '' })).toEqual({ email: M.required, password: M.required });
    expect(messages(loginFormSchema, { email: 'ann@', password: 'x' })).toEqual({ email: M.email });
    expect(v.parse(loginFormSchema, { email: ' ann@example.com ', password: 'short' })).toEqual({ email: 'ann@example.com', password: 'short' });
  });

  it('register: names of 2 letters, 8-letter password, identical repeat', () => {
    expect(messages(registerFormSchema, register)).toEqual({});
    expect(messages(registerFormSchema, { ...register, firstName: 'A', lastName: '', email: 'x' })).toEqual({ firstName: M.name, lastName: M.required, email: M.email });
    expect(messages(registerFormSchema, { ...register, password: 'short', confirmPassword: 'short' })).toEqual({ password: M.password });
    expect(messages(registerFormSchema, { ...register, confirmPassword: 'long-enougH' })).toEqual({ confirmPassword: M.passwordsIdentical });
    expect(messages(registerFormSchema, { ...register, confirmPassword: '' })).toEqual({ confirmPassword: M.required });
  });

  it('register: the mismatch shows together with other field messages', () => {
    expect(messages(registerFormSchema, { ...register, firstName: 'A', confirmPassword: 'other-one' })).toEqual({ firstName: M.name, confirmPassword: M.passwordsIdentical });
  });

  it('passwords are never trimmed', () => {
    expect(messages(createPasswordFormSchema, { password: ' 1234567', confirmPassword: ' 1234567' })).toEqual({});
    expect(messages(createPasswordFormSchema, { password: '1234567', confirmPassword: '1234567' })).toEqual({ password: M.password });
  });

  it('forgotten password needs a valid e-mail', () => {
    expect(messages(forgottenPasswordFormSchema, { email: '' })).toEqual({ email: M.required });
    expect(messages(forgottenPasswordFormSchema, { email: 'nope' })).toEqual({ email: M.email });
  });

  it('change password needs the current and a new one (8 letters, repeated)', () => {
    expect(messages(changePasswordFormSchema, { currentPassword: '', newPassword: '', confirmPassword: '' })).toEqual({ currentPassword: M.required, newPassword: M.required, confirmPassword: M.required });
    expect(messages(changePasswordFormSchema, { currentPassword: 'old', newPassword: 'new-password', confirmPassword: 'new-passwort' })).toEqual({ confirmPassword: M.passwordsIdentical });
    expect(messages(changePasswordFormSchema, { currentPassword: 'old', newPassword: 'new-password', confirmPassword: 'new-password' })).toEqual({});
  });

  it('profile and shipping details use the name, zip-code and e-mail rules', () => {
    expect(messages(profileFormSchema, { firstName: 'A', lastName: 'Lee', email: 'a@b' })).toEqual({ firstName: M.name, email: M.email });
    const address = { firstName: 'Ann', lastName: 'Lee', company: '', streetAddress: '1 High St', apartmentNumber: '', city: 'Leeds', zipCode: 'LS', country: 'gb', phoneNumber: '' };
    expect(messages(shippingDetailsFormSchema, address)).toEqual({ zipCode: M.zipCode });
    expect(v.parse(shippingDetailsFormSchema, { ...address, zipCode: 'LS1 4AP' })).toMatchObject({ country: 'GB', company: undefined, phoneNumber: undefined });
  });

  it('order tracking needs the number and a valid e-mail', () => {
    expect(messages(orderTrackingFormSchema, { orderNumber: ' ', email: 'x' })).toEqual({ orderNumber: M.required, email: M.email });
  });
});
