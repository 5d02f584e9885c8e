import * as v from 'valibot';
import { emailField } from './form-fields';

/** The newsletter modal and /my-account/newsletter: one e-mail address. */
export const newsletterFormSchema = v.strictObject({
  email: emailField,
});

export type NewsletterForm = v.InferOutput<typeof newsletterFormSchema>;
