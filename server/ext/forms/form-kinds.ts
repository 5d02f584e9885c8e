import type * as v from 'valibot';
import { catalogueRequestFormSchema } from '../../../schemas/forms/catalog-request-form';
import { contactFormSchema } from '../../../schemas/forms/contact-form';
import { quoteRequestFormSchema } from '../../../schemas/forms/quote-request-form';
import { tradeAccountFormSchema } from '../../../schemas/forms/trade-account-form';

/** The four customer-service forms: URL segment, schema, and how the mails describe them. */
export interface FormKind {
  kind: 'contact' | 'quote-request' | 'trade-account' | 'catalogue-request';
  schema: v.GenericSchema;
  title: string;
  /** The sender's confirmation: what happens next. */
  promise: string;
}

export const FORM_KINDS: readonly FormKind[] = [
  { kind: 'contact', schema: contactFormSchema, title: 'Contact message', promise: 'We will answer your message within one working day.' },
  { kind: 'quote-request', schema: quoteRequestFormSchema, title: 'Quote request', promise: 'We will send you a quote within one working day.' },
  { kind: 'trade-account', schema: tradeAccountFormSchema, title: 'Trade account application', promise: 'We will review your application and reply within two working days.' },
  { kind: 'catalogue-request', schema: catalogueRequestFormSchema, title: 'Catalogue request', promise: 'Your printed catalogue will be posted within five working days.' },
];
