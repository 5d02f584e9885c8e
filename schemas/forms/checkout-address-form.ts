import * as v from 'valibot';
import { companyNameField, countryField, optionalText, personNameField, phoneField, requiredText, taxIdField, zipCodeField } from './form-fields';
import { FORM_MESSAGES as M } from './form-messages';

/**
 * Checkout steps "Shipping" and "Payment" (SPEC §3 Checkout data, §5 messages). Cities and regions
 * are words: letters, spaces and the joining marks place names use ("Stoke-on-Trent", "St. Albans").
 */
const ALPHABET = /^[\p{L}\p{M}][\p{L}\p{M} .'’-]*$/u;

export const cityField = v.pipe(requiredText(100), v.regex(ALPHABET, M.alphabet));

export const stateField = v.pipe(
  optionalText(100),
  v.check((s) => s === undefined || ALPHABET.test(s), M.alphabet),
);

/** The only shipping method there is (SPEC §3): the courier flat rate. */
export const SHIPPING_METHOD = { carrier: 'courier', method: 'flatrate' } as const;
/** The only payment method there is: cash on delivery, placed directly (SPEC §4). */
export const PAYMENT_METHOD = 'cashondelivery';

const addressEntries = {
  firstName: personNameField,
  lastName: personNameField,
  streetAddress: requiredText(200),
  apartmentNumber: optionalText(100),
  city: cityField,
  state: stateField,
  zipCode: zipCodeField,
  country: countryField,
  phoneNumber: phoneField,
};

export const checkoutShippingSchema = v.object({
  ...addressEntries,
  shippingMethod: v.literal(SHIPPING_METHOD.method, M.required),
});

export type CheckoutShippingForm = v.InferInput<typeof checkoutShippingSchema>;
export type CheckoutShipping = v.InferOutput<typeof checkoutShippingSchema>;

export interface PaymentChoices {
  /** The billing address is the shipping address. */
  sameAsShipping: boolean;
  /** "I want to generate an invoice for the company": company name and tax ID become required. */
  generateInvoice: boolean;
}

const paymentMethod = v.literal(PAYMENT_METHOD, M.required);
const invoiceEntries = { company: companyNameField, taxId: taxIdField };
const noInvoiceEntries = { company: optionalText(200), taxId: optionalText(40) };

/** The "Payment" step's schema for the shopper's choices: only what is shown is checked. */
export function checkoutPaymentSchema(choices: PaymentChoices) {
  const flags = { sameAsShipping: v.literal(choices.sameAsShipping), generateInvoice: v.literal(choices.generateInvoice), paymentMethod };
  const invoice = choices.generateInvoice ? invoiceEntries : noInvoiceEntries;
  if (choices.sameAsShipping) return v.looseObject({ ...flags, ...invoice });
  return v.looseObject({ ...flags, ...invoice, ...addressEntries });
}

export interface CheckoutPaymentForm {
  sameAsShipping: boolean;
  generateInvoice: boolean;
  paymentMethod: string;
  company?: string | undefined;
  taxId?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
  streetAddress?: string | undefined;
  apartmentNumber?: string | undefined;
  city?: string | undefined;
  state?: string | undefined;
  zipCode?: string | undefined;
  country?: string | undefined;
  phoneNumber?: string | undefined;
}
