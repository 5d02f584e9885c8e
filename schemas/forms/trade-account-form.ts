import * as v from 'valibot';
import { acceptTermsField, companyNameField, countryField, emailField, optionalText, personNameField, phoneField, requiredText, taxIdField, zipCodeField } from './form-fields';

/** The /trade-account page ("Trade Account Signup"): a business applies for credit terms. */
export const tradeAccountFormSchema = v.strictObject({
  company: companyNameField,
  taxId: taxIdField,
  firstName: personNameField,
  lastName: personNameField,
  emailAddress: emailField,
  phoneNumber: phoneField,
  streetAddress: requiredText(200),
  apartmentNumber: optionalText(100),
  city: requiredText(100),
  zipCode: zipCodeField,
  country: countryField,
  tradeType: optionalText(100),
  message: optionalText(5000),
  acceptTerms: acceptTermsField,
});

export type TradeAccountForm = v.InferOutput<typeof tradeAccountFormSchema>;
