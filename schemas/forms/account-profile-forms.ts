import * as v from 'valibot';
import { emailField, optionalText, personNameField, phoneField, postalAddressFields, requiredText } from './form-fields';

/** My profile: only names and e-mail may change (SPEC §3 User state). */
export const profileFormSchema = v.strictObject({
  firstName: personNameField,
  lastName: personNameField,
  email: emailField,
  /** Sent only with a new e-mail address, which the server changes only with it. */
  currentPassword: v.optional(v.string()),
});
export type ProfileForm = v.InferOutput<typeof profileFormSchema>;

/** My account → shipping details: the default shipping address. */
export const shippingDetailsFormSchema = v.strictObject({
  firstName: personNameField,
  lastName: personNameField,
  company: optionalText(200),
  ...postalAddressFields,
  phoneNumber: phoneField,
});
export type ShippingDetailsForm = v.InferOutput<typeof shippingDetailsFormSchema>;

/** /order-tracking: an order number and the e-mail it was placed with; both must match. */
export const orderTrackingFormSchema = v.strictObject({
  orderNumber: requiredText(64),
  email: emailField,
});
export type OrderTrackingForm = v.InferOutput<typeof orderTrackingFormSchema>;
