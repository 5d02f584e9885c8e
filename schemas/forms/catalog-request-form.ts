import * as v from 'valibot';
import { emailField, optionalText, personNameField, postalAddressFields } from './form-fields';

/** The /catalogue-request page: a printed catalogue posted to the shopper. */
export const catalogueRequestFormSchema = v.strictObject({
  firstName: personNameField,
  lastName: personNameField,
  emailAddress: emailField,
  company: optionalText(200),
  ...postalAddressFields,
  message: optionalText(2000),
});

export type CatalogueRequestForm = v.InferOutput<typeof catalogueRequestFormSchema>;
