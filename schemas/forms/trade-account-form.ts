import * as v from 'valibot';
import { acceptTermsField, companyNameField, emailField, optionalText, personNameField, phoneField, postalAddressFields, taxIdField } from './form-fields';

/** The /trade-account page ("Trade Account Signup"): a business applies for credit terms. */
export const tradeAccountFormSchema = v.strictObject({
  company: companyNameField,
  taxId: taxIdField,
  firstName: personNameField,
  lastName: personNameField,
  emailAddress: emailField,
  phoneNumber: phoneField,
  ...postalAddressFields,
  tradeType: optionalText(100),
  message: optionalText(5000),
  acceptTerms: acceptTermsField,
});

export type TradeAccountForm = v.InferOutput<typeof tradeAccountFormSchema>;
