import * as v from 'valibot';
import { acceptTermsField } from './form-fields';

/** Checkout step "Order Summary": the terms must be accepted before the order is placed. */
export const checkoutReviewSchema = v.object({ acceptTerms: acceptTermsField });
