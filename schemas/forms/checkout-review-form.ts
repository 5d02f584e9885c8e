import * as v from 'valibot';
import { acceptTermsField } from './form-fields';
import { orderReferenceField } from './order-reference-field';

/**
 * Checkout step "Order Summary": the shopper's own reference (optional, beside "Place the order"
 * where a trade buyer looks for it) and the terms, which must be accepted before the order is placed.
 */
export const checkoutReviewSchema = v.object({ customerReference: orderReferenceField, acceptTerms: acceptTermsField });

export type CheckoutReviewForm = v.InferOutput<typeof checkoutReviewSchema>;
