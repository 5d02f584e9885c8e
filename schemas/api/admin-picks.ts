import * as v from 'valibot';

/**
 * Pick ticks: units of an order's lines taken from the shelf, kept on the server so every tablet sees
 * them (POST /api/admin/orders/{orderId}/picks). The scanner's refusals and the server's use the same
 * words, so a tick refused later (another tablet took the last unit) reads as it would have on scan.
 */
export const PICK_MESSAGES = {
  wrongItem: (code: string) => `Wrong item: ${code} is not on this order. Put it back.`,
  tooMany: (name: string, qty: number) => `One too many: all ${qty} of ${name} are picked already. Put it back.`,
  notOpen: (status: string) => `An order that is "${status}" can no longer be picked: only pending and processing orders are.`,
  tickReused: 'This tick_id was already used for another tick (another order, sku or quantity).',
} as const;

/** The statuses in which an order's lines may still be picked (open orders). */
export const PICKABLE_STATUSES = ['pending', 'processing'] as const;

/**
 * One tick: `quantity` more units of the line with this sku. `tick_id`, chosen by the device, makes a
 * tick sent again count once however late it comes (the Idempotency-Key reply is kept for 24 hours).
 */
export const pickTickBody = v.strictObject({
  sku: v.pipe(v.string('Must be text.'), v.trim(), v.minLength(1, 'A sku is required.'), v.maxLength(64, 'Must have at most 64 characters.')),
  quantity: v.optional(v.pipe(v.number('Must be a whole number.'), v.integer('Must be a whole number.'), v.minValue(1, 'Must be at least 1.'), v.maxValue(10_000, 'Must be at most 10000.')), 1),
  tick_id: v.optional(
    v.pipe(v.string('Must be text.'), v.minLength(1, 'Must not be empty.'), v.maxLength(255, 'Must have at most 255 characters.'), v.regex(/^[\x21-\x7e]+$/, 'Must be printable ASCII without spaces.')),
  ),
});
export type PickTick = v.InferOutput<typeof pickTickBody>;

/** Units picked of one line so far (on every tablet). */
export interface PickCount {
  sku: string;
  picked: number;
}
