import * as v from 'valibot';
import { emailField, requiredText } from '../forms/form-fields';
import { FORM_MESSAGES as M } from '../forms/form-messages';
import { pageNumber } from './user';

/** Bodies and queries of the /api/ext services and /api/review (SPEC §7). */

const passThrough = { token: v.optional(v.string()), storeCode: v.optional(v.string()) };

export const newsletterQuery = v.strictObject({ email: emailField, ...passThrough });

export const orderTrackingQuery = v.strictObject({
  orderNumber: requiredText(64),
  email: emailField,
  pageSize: pageNumber('20', 100),
  currentPage: pageNumber('1', 100_000),
  ...passThrough,
});

/** Review text is plain text: stored as given, never interpreted as markup. */
export const reviewBody = v.strictObject({
  review: v.strictObject({
    product_id: v.union(
      [v.pipe(v.number(), v.integer(), v.minValue(1)), v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'Must be a product id.'))],
      'Must be a product id.',
    ),
    title: requiredText(120),
    detail: requiredText(5000),
    nickname: requiredText(64),
    review_entity: v.literal('product', 'Must be "product".'),
    customer_id: v.nullish(v.union([v.number(), v.string()])),
  }),
});

export const reviewListQuery = v.strictObject({
  productId: requiredText(64),
  pageSize: pageNumber('20', 100),
  currentPage: pageNumber('1', 100_000),
  ...passThrough,
});

/**
 * A message for the shop. `token` comes from GET /get-token. With `confirmation`, the sender also
 * receives an acknowledgement written by the server (never text from the request).
 */
export const sendEmailBody = v.strictObject({
  sourceAddress: v.optional(emailField),
  targetAddress: emailField,
  subject: requiredText(200),
  emailText: requiredText(10_000),
  confirmation: v.optional(v.boolean()),
  token: v.pipe(v.string(M.required), v.nonEmpty(M.required), v.maxLength(500)),
});

export const sendInvoiceBody = v.strictObject({
  orderId: requiredText(100),
});
