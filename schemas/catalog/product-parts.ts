import * as v from 'valibot';
import { countSchema, groupIdSchema, idSchema, moneySchema, nameSchema, urlSchema } from './fields';

/** The small records a product is made of: stock, tier prices, media, category links, documents. */

/** SPEC §3 Stock item. `qty` counts sell units (boxes, packs, each), not the items inside them. */
export const stockSchema = v.looseObject({
  is_in_stock: v.boolean(),
  qty: v.pipe(v.number(), v.finite()),
  product_id: v.optional(idSchema),
  product_sku: v.optional(v.string()),
  manage_stock: v.optional(v.boolean()),
  status: v.optional(v.number()),
});
export type Stock = v.InferOutput<typeof stockSchema>;

/** A quantity break: buying `qty` or more sell units costs `value` each for this customer group. */
export const tierPriceSchema = v.object({
  customer_group_id: groupIdSchema,
  qty: v.pipe(v.number(), v.minValue(1)),
  value: moneySchema,
});
export type TierPrice = v.InferOutput<typeof tierPriceSchema>;

export const mediaEntrySchema = v.looseObject({
  image: urlSchema,
  pos: countSchema,
  typ: v.picklist(['image', 'video']),
  lab: v.optional(v.string()),
  vid: v.optional(v.unknown()),
});
export type MediaEntry = v.InferOutput<typeof mediaEntrySchema>;

export const categoryRefSchema = v.object({
  category_id: idSchema,
  name: v.string(),
});
export type CategoryRef = v.InferOutput<typeof categoryRefSchema>;

/** One row of the specification table on the product page ("Thread" → "M10"). */
export const specificationSchema = v.object({
  label: nameSchema,
  value: v.string(),
});
export type Specification = v.InferOutput<typeof specificationSchema>;

export const videoSchema = v.object({
  url: urlSchema,
  title: v.string(),
});
export type Video = v.InferOutput<typeof videoSchema>;

/** A file a downloadable product hands over once bought (installation guide, ETA document). */
export const downloadSchema = v.object({
  title: nameSchema,
  url: urlSchema,
});
export type Download = v.InferOutput<typeof downloadSchema>;
