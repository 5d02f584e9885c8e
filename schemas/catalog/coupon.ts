import * as v from 'valibot';
import { groupIdSchema, isoDateSchema, nameSchema, windowBoundSchema } from './fields';

/**
 * A cart coupon. `percent` takes `discount_amount` % off the items; `fixed` takes that many pounds
 * (excluding tax) off. The window bounds are inclusive; null means open-ended.
 * `uses_per_email` limits redemptions per customer e-mail (1 for the newsletter welcome coupon).
 */
export const couponSchema = v.object({
  code: v.pipe(nameSchema, v.toUpperCase()),
  description: v.string(),
  discount_type: v.picklist(['percent', 'fixed']),
  discount_amount: v.pipe(v.number(), v.gtValue(0)),
  is_active: v.boolean(),
  from_date: windowBoundSchema,
  to_date: windowBoundSchema,
  uses_per_email: v.nullish(v.pipe(v.number(), v.integer(), v.minValue(1))),
  customer_group_ids: v.optional(v.array(groupIdSchema)),
  minimum_subtotal: v.optional(v.pipe(v.number(), v.minValue(0))),
  created_at: v.optional(isoDateSchema),
});

export type Coupon = v.InferOutput<typeof couponSchema>;
