import * as v from 'valibot';
import { countryField, emailField, optionalText, personNameField, requiredText, zipCodeField } from './form-fields';

/** The /catalogue-request page: a printed catalogue posted to the shopper. */
export const catalogueRequestFormSchema = v.strictObject({
  firstName: personNameField,
  lastName: personNameField,
  emailAddress: emailField,
  company: optionalText(200),
  streetAddress: requiredText(200),
  apartmentNumber: optionalText(100),
  city: requiredText(100),
  zipCode: zipCodeField,
  country: countryField,
  message: optionalText(2000),
});

export type CatalogueRequestForm = v.InferOutput<typeof catalogueRequestFormSchema>;
