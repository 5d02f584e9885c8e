import * as v from 'valibot';

/** Queries, bodies and replies of /api/cart/* (SPEC §7 "Cart", vsf1 §4). Query values are strings. */

const token = v.optional(v.string());
const storeCode = v.optional(v.string());
const cartId = v.pipe(v.string(), v.trim(), v.nonEmpty('cartId parameter is required'), v.maxLength(64, 'cartId is too long'));

/** `token` is accepted for compatibility; the bearer header is preferred. */
export const cartCreateQuery = v.strictObject({ token, storeCode, cartId: v.optional(v.string()) });
export const cartQuery = v.strictObject({ token, storeCode, cartId });
export const applyCouponQuery = v.strictObject({
  token,
  storeCode,
  cartId,
  coupon: v.pipe(v.string(), v.trim(), v.nonEmpty('coupon parameter is required'), v.maxLength(64, "You've entered an incorrect coupon code")),
});

const optionId = v.union([v.number(), v.pipe(v.string(), v.maxLength(100))]);
const optionList = <T extends v.ObjectEntries>(entries: T) => v.pipe(v.array(v.looseObject(entries)), v.maxLength(50));

/** The chosen options of a line (SPEC §3 product_option): configurable, custom and bundle choices. */
export const productOptionSchema = v.looseObject({
  extension_attributes: v.optional(
    v.looseObject({
      configurable_item_options: v.optional(optionList({ option_id: optionId, option_value: optionId })),
      custom_options: v.optional(optionList({ option_id: optionId, option_value: v.optional(v.union([optionId, v.array(optionId)])) })),
      bundle_options: v.optional(
        optionList({ option_id: optionId, option_qty: v.optional(v.union([v.number(), v.string()])), option_selections: v.optional(v.array(optionId)) }),
      ),
    }),
  ),
});
export type ProductOptionInput = v.InferOutput<typeof productOptionSchema>;

const sku = v.pipe(v.string(), v.trim(), v.nonEmpty('sku: is required'), v.maxLength(200));
const itemId = v.union(
  [v.pipe(v.number(), v.safeInteger('item_id must be a whole number'), v.minValue(1, 'item_id must be a whole number')), v.pipe(v.string(), v.regex(/^\d{1,15}$/, 'item_id must be a whole number'))],
  'item_id must be a whole number',
);

/** `qty` is read by the quantity rule so its refusal uses SPEC §5's words without a prefix. */
export const cartUpdateBody = v.strictObject({
  cartItem: v.strictObject({
    sku,
    qty: v.optional(v.unknown()),
    item_id: v.optional(itemId),
    quoteId: v.optional(v.union([v.string(), v.number()])),
    quote_id: v.optional(v.union([v.string(), v.number()])),
    product_option: v.nullish(productOptionSchema),
  }),
});

export const cartDeleteBody = v.strictObject({
  cartItem: v.strictObject({
    sku: v.optional(v.string()),
    item_id: v.optional(itemId),
    quoteId: v.optional(v.union([v.string(), v.number()])),
    token: v.optional(v.string()),
  }),
});

const text = v.optional(v.nullable(v.union([v.string(), v.number()])));

/** The address the shipping and totals calls carry; only the country decides anything here. */
export const estimateAddressSchema = v.looseObject({
  country_id: v.optional(v.string()),
  countryId: v.optional(v.string()),
  region: v.optional(v.nullable(v.union([v.string(), v.looseObject({})]))),
  region_id: text,
  region_code: text,
  postcode: text,
  city: text,
  street: v.optional(v.nullable(v.union([v.string(), v.array(v.string())]))),
});

export const shippingMethodsBody = v.strictObject({ address: estimateAddressSchema });

export const shippingInformationBody = v.strictObject({
  addressInformation: v.looseObject({
    shippingAddress: v.optional(estimateAddressSchema),
    shipping_address: v.optional(estimateAddressSchema),
    billingAddress: v.optional(v.nullable(v.looseObject({}))),
    shippingCarrierCode: v.optional(v.string()),
    shippingMethodCode: v.optional(v.string()),
    shipping_carrier_code: v.optional(v.string()),
    shipping_method_code: v.optional(v.string()),
  }),
});

export const collectTotalsBody = v.strictObject({
  methods: v.looseObject({
    paymentMethod: v.optional(v.looseObject({ method: v.optional(v.string()) })),
    shippingCarrierCode: v.optional(v.string()),
    shippingMethodCode: v.optional(v.string()),
  }),
});

/** A cart line as pull and update reply it (vsf1 §4). `price` is the unit price excluding tax. */
export interface CartItemReply {
  item_id: number;
  sku: string;
  qty: number;
  name: string;
  price: number;
  product_type: string;
  quote_id: string;
  product_option: Record<string, unknown> | null;
}

export interface ShippingMethodReply {
  carrier_code: string;
  method_code: string;
  carrier_title: string;
  method_title: string;
  amount: number;
  base_amount: number;
  price_excl_tax: number;
  price_incl_tax: number;
  available: boolean;
  error_message: string;
  default: boolean;
  offline: boolean;
  is_server_method: boolean;
}

export interface PaymentMethodReply {
  code: string;
  title: string;
  cost: number;
  costInclTax: number;
  cost_incl_tax: number;
  default: boolean;
  offline: boolean;
  is_server_method: boolean;
}

export interface TotalsItemReply {
  item_id: number;
  sku: string;
  name: string;
  qty: number;
  price: number;
  price_incl_tax: number;
  row_total: number;
  row_total_incl_tax: number;
  base_row_total_incl_tax: number;
  row_total_with_discount: number;
  discount_amount: number;
  discount_percent: number;
  tax_amount: number;
  tax_percent: number;
  /** A JSON string of `[{label, value}]`, as Magento's totals carry it. */
  options: string;
  product_option: Record<string, unknown> | null;
}

export interface TotalSegment {
  code: 'subtotal' | 'shipping' | 'discount' | 'tax' | 'grand_total';
  title: string;
  value: number;
  area?: string;
}

/** The Magento-like cart totals (vsf1 §4 "Totals object"); decimals in GBP. */
export interface TotalsReply {
  grand_total: number;
  subtotal: number;
  /** Negative, as Magento reports it: -5 is £5 off. */
  discount_amount: number;
  subtotal_with_discount: number;
  shipping_amount: number;
  shipping_discount_amount: number;
  shipping_tax_amount: number;
  shipping_incl_tax: number;
  tax_amount: number;
  subtotal_incl_tax: number;
  base_currency_code: 'GBP';
  quote_currency_code: 'GBP';
  items_qty: number;
  coupon_code?: string;
  /** With `coupon_code`: the coupon's rule, which the device keeps with the cart to work out the same totals offline. */
  coupon_rule?: CouponRuleReply;
  /** The shop's free-delivery threshold excl. VAT in pounds, when it has one (the device applies it offline). */
  free_delivery_from?: number;
  items: TotalsItemReply[];
  total_segments: TotalSegment[];
}

/**
 * A cart's coupon as the discount applies it, in the coupon document's own field names
 * (schemas/catalog/coupon.ts), so the same reader turns it into terms on both sides. The server has
 * already checked the customer group and usage limits; the window still matters offline.
 */
export interface CouponRuleReply {
  code: string;
  discount_type: 'percent' | 'fixed';
  /** Percent (10 = 10 %) or pounds excluding tax. */
  discount_amount: number;
  from_date: string | null;
  to_date: string | null;
  /** Pounds excluding tax; 0 for none. */
  minimum_subtotal: number;
}
