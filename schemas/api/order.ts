import * as v from 'valibot';
import { emailField, optionalText, personNameField, requiredText, zipCodeField } from '../forms/form-fields';
import { FORM_MESSAGES as M } from '../forms/form-messages';
import { orderReferenceField } from '../forms/order-reference-field';
import { clientOrderIdField } from './order-id';
import { productOptionSchema } from './cart';
import { cartOpIdField } from './cart-sync';

/**
 * POST /api/order: the order the storefront builds (vsf1 §4 "Order"). The top level is strict;
 * lines and addresses are open because the client sends whole cart items and VSF address fields.
 * Client prices in the lines are ignored: the server prices every line from the catalogue.
 */

const text = v.optional(v.nullable(v.union([v.string(), v.number()])));

/** An address as sent; the address rules below are applied by the order handler (400 "Address invalid"). */
const addressShape = v.looseObject({
  firstname: text,
  lastname: text,
  street: v.optional(v.nullable(v.union([v.string(), v.array(v.nullable(v.string()))]))),
  city: text,
  postcode: text,
  country_id: text,
  region: v.optional(v.unknown()),
  region_id: text,
  region_code: text,
  telephone: text,
  company: text,
  email: text,
  vat_id: text,
});

const wholeNumber = (min: number) => v.pipe(v.number('must be a whole number'), v.integer('must be a whole number'), v.minValue(min, `must be at least ${min}`));

/**
 * The cart line an ordered line came from, as the device knew it when it stored the order (sent only
 * with a cart named and changes to the line not yet known to be applied): the quantity the server had
 * confirmed, and each change since with what it added to the line on the device (negative for fewer).
 * The order takes from the cart it names (or, when another order converted that cart first, from the
 * customer's cart) no more of the line than reached the server (`reachedLines` in
 * `server/order/converted-cart.ts`).
 */
export const orderedCartLine = v.strictObject({
  confirmed_qty: wholeNumber(0),
  unconfirmed: v.pipe(v.array(v.strictObject({ op_id: cartOpIdField, qty: wholeNumber(-1_000_000) })), v.maxLength(50, 'unconfirmed: at most 50 changes')),
});
export type OrderedCartLine = v.InferOutput<typeof orderedCartLine>;

const orderLine = v.looseObject({
  sku: v.pipe(v.string(), v.trim(), v.nonEmpty('sku: is required'), v.maxLength(200)),
  qty: v.optional(v.unknown()),
  product_option: v.nullish(productOptionSchema),
  parentSku: v.nullish(v.string()),
  cart_line: v.optional(orderedCartLine),
});

const personalDetails = v.looseObject({
  email: v.optional(v.string()),
  emailAddress: v.optional(v.string()),
  firstname: v.optional(v.string()),
  firstName: v.optional(v.string()),
  lastname: v.optional(v.string()),
  lastName: v.optional(v.string()),
  password: v.optional(v.string()),
  createAccount: v.optional(v.boolean()),
});

/** A browser database's id as an order carries it (`device_id`): RxDB's storage token. */
export const deviceIdField = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'device_id: 1 to 64 letters, digits, - or _'));

export const orderBody = v.strictObject({
  /** The client-made idempotency key: every retry of one order sends the same id. */
  order_id: clientOrderIdField,
  user_id: v.optional(v.nullable(v.union([v.string(), v.number()]))),
  cart_id: v.optional(v.nullable(v.union([v.string(), v.number()]))),
  products: v.pipe(v.array(orderLine), v.minLength(1, M.required), v.maxLength(200, 'At most 200 lines.')),
  addressInformation: v.looseObject({
    shippingAddress: v.optional(v.nullable(addressShape)),
    billingAddress: v.optional(v.nullable(addressShape)),
    shipping_method_code: v.optional(v.nullable(v.string())),
    shipping_carrier_code: v.optional(v.nullable(v.string())),
    payment_method_code: v.optional(v.nullable(v.string())),
    payment_method_additional: v.optional(v.unknown()),
    shippingExtraFields: v.optional(v.unknown()),
  }),
  personalDetails: v.optional(personalDetails),
  createAccount: v.optional(v.union([v.boolean(), personalDetails])),
  created_at: v.optional(v.nullable(v.union([v.string(), v.number()]))),
  updated_at: v.optional(v.nullable(v.union([v.string(), v.number()]))),
  transmited: v.optional(v.boolean()),
  transmited_at: v.optional(v.nullable(v.union([v.string(), v.number()]))),
  task_id: v.optional(v.nullable(v.union([v.string(), v.number()]))),
  store_code: v.optional(v.nullable(v.string())),
  /** The customer's own job or PO number (optional, trimmed, at most 40 printable characters). */
  customer_reference: v.optional(orderReferenceField),
  /**
   * The browser database that places the order (shared by its tabs, one per device and browser). An
   * order naming a cart another order converted is only that order seen again when the same device
   * placed both (see server/order/converted-cart.ts). Not part of what makes a retry the same order.
   */
  device_id: v.optional(deviceIdField),
  /**
   * The grand total (with VAT, in pounds) the shopper confirmed on the review step. When given, the
   * server refuses an order it would charge differently (409, meta.reason 'price-changed'). It is not
   * part of what makes two submissions the same order (see order-request.ts).
   */
  grand_total: v.optional(
    v.pipe(v.number('must be a number of pounds, such as 16.94'), v.finite('must be a number of pounds, such as 16.94'), v.minValue(0, 'must not be negative')),
  ),
});

export type OrderBody = v.InferOutput<typeof orderBody>;

/** The address rules (SPEC §5 wording); the country must also be a known ISO code. */
export const orderAddressSchema = v.object({
  firstname: personNameField,
  lastname: personNameField,
  street: v.pipe(
    v.union([v.pipe(v.string(M.required), v.transform((s) => [s])), v.array(v.nullable(v.string()))], M.required),
    v.transform((lines) => lines.map((l) => (l ?? '').trim()).filter((l) => l !== '')),
    v.minLength(1, M.required),
    v.maxLength(3, 'At most 3 street lines.'),
  ),
  city: requiredText(100),
  postcode: zipCodeField,
  country_id: v.pipe(v.string(M.required), v.trim(), v.nonEmpty(M.required), v.toUpperCase()),
  region: v.optional(v.unknown()),
  region_id: v.optional(v.unknown()),
  region_code: v.optional(v.unknown()),
  telephone: v.optional(v.nullable(v.union([v.string(), v.number()]))),
  company: optionalText(200),
  vat_id: optionalText(40),
  email: v.optional(v.unknown()),
});

export type OrderAddress = v.InferOutput<typeof orderAddressSchema>;

export const orderEmailSchema = v.pipe(emailField, v.toLowerCase());

export const ORDER_MESSAGES = {
  addressInvalid: 'Address invalid: order canceled',
  notAvailable: 'Some of the ordered products are not available!',
  validation: 'Internal validation error',
  differentOrder: 'This order id was already used for a different order',
  /** SPEC has no wording for this; meta names the order that converted the cart. */
  cartAlreadyOrdered: 'This cart has already been ordered',
  /** SPEC has no wording for this: the device that made the order withdrew it before it arrived. */
  withdrawn: 'This order was cancelled on the device that made it',
  /** SPEC has no wording for this: the confirmed grand_total is not what the order costs now; meta has the new totals. */
  priceChanged: 'The prices have changed since you confirmed the order: please check the new total and confirm again.',
} as const;

/**
 * SPEC has no wording for this: a device's order whose cart another device or session had already
 * ordered, as order {{number}} (the server's refusal, then what it means on the device). Said by the
 * queue's notice and by the thank-you page alike.
 */
export const ORDERED_ELSEWHERE_NOTICE = `${ORDER_MESSAGES.cartAlreadyOrdered} on another device or in another session, as order {{number}}: no second order was placed. Anything that order did not include is still in your cart.`;

export { PRICE_CHANGED, type PriceChangedMeta } from './order-price-changed';

/** The reply of a placed order (SPEC leaves its shape open); a retry gets the very same reply. */
export interface OrderReply {
  order_id: string;
  increment_id: string;
  status: 'pending';
  created_at: string;
  grand_total: number;
  backendOrderId: string;
}
