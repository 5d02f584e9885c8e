import * as v from 'valibot';
import { emailField, optionalText, personNameField, phoneField, quantityField, requiredText } from './form-fields';

/** One product the shopper wants a price for, usually copied from the cart. */
export const quoteLineSchema = v.strictObject({
  sku: requiredText(64),
  qty: quantityField,
});

/** The /quote-request page ("Quote Requests"): contact details, a message and optional cart lines. */
export const quoteRequestFormSchema = v.strictObject({
  firstName: personNameField,
  lastName: personNameField,
  emailAddress: emailField,
  phoneNumber: phoneField,
  company: optionalText(200),
  message: requiredText(5000),
  items: v.optional(v.pipe(v.array(quoteLineSchema), v.maxLength(200, 'At most 200 lines per quote request.')), []),
});

export type QuoteRequestForm = v.InferOutput<typeof quoteRequestFormSchema>;
