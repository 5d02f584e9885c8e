import * as v from 'valibot';
import { countSchema, groupIdSchema, idSchema, nameSchema, percentSchema } from './fields';

/** A rate for one destination; `tax_region_id` 0 and `tax_postcode` "*" cover the whole country. */
export const taxRateSchema = v.object({
  id: idSchema,
  code: nameSchema,
  tax_country_id: v.pipe(v.string(), v.length(2), v.toUpperCase()),
  tax_region_id: countSchema,
  tax_postcode: v.optional(v.string()),
  rate: percentSchema,
  region_name: v.optional(v.string()),
});
export type TaxRate = v.InferOutput<typeof taxRateSchema>;

/** A tax rule (SPEC §3): the rates that apply to these product and customer tax classes. */
export const taxRuleSchema = v.object({
  id: idSchema,
  code: nameSchema,
  priority: v.optional(countSchema),
  product_tax_class_ids: v.array(groupIdSchema),
  customer_tax_class_ids: v.array(groupIdSchema),
  rates: v.array(taxRateSchema),
});

export type TaxRule = v.InferOutput<typeof taxRuleSchema>;
