import * as v from 'valibot';
import { emailField, personNameField, phoneField, optionalText, requiredText } from './form-fields';

/** The /contact page: a question for the shop. */
export const contactFormSchema = v.strictObject({
  firstName: personNameField,
  lastName: personNameField,
  emailAddress: emailField,
  phoneNumber: phoneField,
  subject: optionalText(200),
  message: requiredText(5000),
});

export type ContactForm = v.InferOutput<typeof contactFormSchema>;
