import * as v from 'valibot';
import { eanSchema } from './ean';
import { countSchema, groupIdSchema, idSchema, moneySchema, nameSchema, optionValueSchema, windowBoundSchema } from './fields';
import { stockSchema, tierPriceSchema } from './product-parts';

/** The option structures of configurable, grouped, bundle and custom-option products (SPEC §3, §4). */

/**
 * A configurable axis. `value_index` is the attribute option value as a string ("12"), the same
 * string the children carry in the field named by `attribute_code`, so matching is plain equality.
 */
export const configurableOptionSchema = v.looseObject({
  attribute_id: idSchema,
  attribute_code: nameSchema,
  label: v.string(),
  position: v.optional(countSchema),
  values: v.array(v.object({ value_index: optionValueSchema, label: v.string() })),
});
export type ConfigurableOption = v.InferOutput<typeof configurableOptionSchema>;

/** A variant as embedded in its parent; it also exists as a product of its own (visibility 1). */
export const configurableChildSchema = v.looseObject({
  id: idSchema,
  sku: nameSchema,
  ean: v.optional(eanSchema),
  name: v.string(),
  status: countSchema,
  stock: stockSchema,
  price: moneySchema,
  final_price: v.optional(moneySchema),
  special_price: v.nullish(moneySchema),
  special_from_date: windowBoundSchema,
  special_to_date: windowBoundSchema,
  tier_prices: v.optional(v.array(tierPriceSchema)),
  image: v.optional(v.string()),
  custom_attributes: v.nullish(v.array(v.object({ attribute_code: nameSchema, value: v.string() }))),
});
export type ConfigurableChild = v.InferOutput<typeof configurableChildSchema>;

/** A grouped product's member. Shoppers see only the links of their customer group (SPEC §6). */
export const productLinkSchema = v.looseObject({
  link_type: v.string(),
  sku: v.optional(v.string()),
  linked_product_sku: nameSchema,
  linked_product_type: v.string(),
  qty: v.pipe(v.number(), v.minValue(0)),
  position: v.optional(countSchema),
  customer_group_id: v.optional(groupIdSchema),
  is_default: v.optional(v.boolean()),
});
export type ProductLink = v.InferOutput<typeof productLinkSchema>;

export const bundleLinkSchema = v.looseObject({
  id: idSchema,
  sku: nameSchema,
  qty: v.pipe(v.number(), v.minValue(0)),
  is_default: v.boolean(),
  price: v.optional(moneySchema),
  can_change_quantity: v.optional(v.boolean()),
  position: v.optional(countSchema),
});
export type BundleLink = v.InferOutput<typeof bundleLinkSchema>;

export const bundleOptionSchema = v.looseObject({
  option_id: idSchema,
  title: v.string(),
  required: v.boolean(),
  type: v.picklist(['select', 'radio', 'checkbox', 'multi']),
  position: v.optional(countSchema),
  product_links: v.array(bundleLinkSchema),
});
export type BundleOption = v.InferOutput<typeof bundleOptionSchema>;

/** `fixed` prices are added; `percent` prices are a percentage of the product price (SPEC §4). */
export const priceTypeSchema = v.picklist(['fixed', 'percent']);

export const customOptionValueSchema = v.looseObject({
  option_type_id: idSchema,
  title: v.string(),
  price: v.pipe(v.number(), v.finite()),
  price_type: priceTypeSchema,
  sort_order: v.optional(countSchema),
});

export const customOptionSchema = v.looseObject({
  option_id: idSchema,
  title: v.string(),
  type: v.picklist(['field', 'area', 'drop_down', 'radio', 'checkbox']),
  is_require: v.boolean(),
  sort_order: v.optional(countSchema),
  /** Text options (field, area) carry their price on the option itself. */
  price: v.optional(v.pipe(v.number(), v.finite())),
  price_type: v.optional(priceTypeSchema),
  max_characters: v.optional(countSchema),
  values: v.optional(v.array(customOptionValueSchema)),
});
export type CustomOption = v.InferOutput<typeof customOptionSchema>;
