import * as v from 'valibot';
import { eanSchema } from './ean';
import { countSchema, idSchema, isoDateSchema, moneySchema, nameSchema, optionValueSchema, windowBoundSchema } from './fields';
import {
  bundleOptionSchema,
  configurableChildSchema,
  configurableOptionSchema,
  customOptionSchema,
  productLinkSchema,
} from './product-options';
import {
  categoryRefSchema,
  downloadSchema,
  mediaEntrySchema,
  specificationSchema,
  stockSchema,
  tierPriceSchema,
  videoSchema,
} from './product-parts';

export const PRODUCT_TYPES = ['simple', 'configurable', 'grouped', 'bundle', 'virtual', 'downloadable'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** 1 not visible on its own, 2 catalogue only, 3 search only, 4 catalogue and search. */
export const VISIBILITIES = [1, 2, 3, 4] as const;

/** 1 enabled; 2 or higher disabled (SPEC §2: such a product loads as an error). */
export const PRODUCT_STATUS = { enabled: 1, disabled: 2 } as const;

/** 2 standard-rated goods (UK VAT 20 %), 5 zero-rated goods (books, catalogues, e-publications). */
export const TAX_CLASS = { standard: 2, zeroRated: 5 } as const;

/**
 * A catalogue product in the API shape (SPEC §3). Prices are decimal GBP excluding tax; tax and the
 * `*_incl_tax` variants are worked out on the client.
 *
 * Loose on purpose: products also carry attribute values in fields named by attribute code
 * (`bolt_diameter: "12"`), `<code>_options` lists on configurable parents, and runtime flags.
 *
 * Sell units: `price` is the price of one sell unit (one "Box of 100"); quantities, stock and tier
 * quantities count sell units. `product_price_multiplier` is how many items one sell unit holds, so the
 * per-item price shown as "£0.03 each" is price / multiplier. `sell_unit_amount` is the number the
 * `sell_unit_description` states (100 for "Box of 100", 1 for "Each" or "Per metre").
 */
export const productSchema = v.looseObject({
  id: idSchema,
  sku: nameSchema,
  name: nameSchema,
  slug: nameSchema,
  type_id: v.picklist(PRODUCT_TYPES),
  status: countSchema,
  visibility: v.picklist(VISIBILITIES),
  parentSku: v.optional(v.string()),
  /** The EAN-13 on the product's box, for scanning and quick order (13 digits, valid check digit). */
  ean: v.optional(eanSchema),
  parentId: v.optional(idSchema),
  url_key: v.optional(v.string()),
  url_path: v.optional(v.string()),
  keywords: v.optional(v.array(v.string())),
  category_ids: v.optional(v.array(idSchema)),
  category: v.optional(v.array(categoryRefSchema)),

  price: moneySchema,
  original_price: v.optional(moneySchema),
  final_price: v.optional(moneySchema),
  special_price: v.nullish(moneySchema),
  special_from_date: windowBoundSchema,
  special_to_date: windowBoundSchema,
  tax_class_id: v.optional(countSchema),
  tier_prices: v.optional(v.array(tierPriceSchema)),

  image: v.optional(v.string()),
  thumbnail: v.optional(v.string()),
  media_gallery: v.optional(v.array(mediaEntrySchema)),
  stock: v.optional(stockSchema),

  configurable_options: v.optional(v.array(configurableOptionSchema)),
  configurable_children: v.optional(v.array(configurableChildSchema)),
  product_links: v.optional(v.array(productLinkSchema)),
  bundle_options: v.optional(v.array(bundleOptionSchema)),
  custom_options: v.optional(v.array(customOptionSchema)),

  sell_unit_description: v.optional(v.string()),
  sell_unit_amount: v.optional(v.pipe(v.number(), v.minValue(0))),
  product_price_multiplier: v.optional(v.pipe(v.number(), v.gtValue(0))),
  minimum_order: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  lead_time_days: v.optional(countSchema),

  description: v.optional(v.string()),
  short_description: v.optional(v.string()),
  technical: v.optional(v.string()),
  specifications: v.optional(v.array(specificationSchema)),
  video: v.nullish(videoSchema),
  downloads: v.optional(v.array(downloadSchema)),
  meta_title: v.optional(v.string()),
  meta_description: v.optional(v.string()),

  /** "1" marks a new product (SPEC §9: new products are those with new=1). */
  new: v.optional(optionValueSchema),
  /** Higher comes first in the Recommended sort (position descending). */
  position: v.optional(v.number()),
  created_at: v.optional(isoDateSchema),
  updated_at: v.optional(isoDateSchema),
});

export type Product = v.InferOutput<typeof productSchema>;
