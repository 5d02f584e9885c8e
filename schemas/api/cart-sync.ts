import * as v from 'valibot';
import type { CartItemReply } from './cart';
import { productOptionSchema } from './cart';

/**
 * The cart sync of several writers (/api/cart/apply): each change is what the shopper did, with its
 * own id the server applies once, against the cart as it is now (another device may have changed it).
 * - `add`: `qty` more of the line (created when missing): two devices adding one box each make two;
 * - `set`: the line's quantity becomes `qty`;
 * - `remove`: the line goes (already gone is still done);
 * - `take`: `qty` fewer of the line, which goes at none (an order that names no cart took them: what
 *   another device added to the line meanwhile stays).
 */
export const CART_OP_TYPES = ['add', 'set', 'remove', 'take'] as const;
export type CartOpType = (typeof CART_OP_TYPES)[number];

/** A change's id (the shopper's change to a cart line, applied once by the server). */
export const cartOpIdField = v.pipe(v.string(), v.trim(), v.regex(/^[\x21-\x7e]{1,100}$/, 'op_id: 1 to 100 printable characters without spaces'));

export const cartOpSchema = v.strictObject({
  op_id: cartOpIdField,
  type: v.picklist(CART_OP_TYPES, 'type: add, set, remove or take'),
  sku: v.pipe(v.string(), v.trim(), v.nonEmpty('sku: is required'), v.maxLength(200)),
  /** Read with the shared quantity rule (add, set and take); ignored by remove. */
  qty: v.optional(v.unknown()),
  product_option: v.nullish(productOptionSchema),
});
export type CartOp = v.InferOutput<typeof cartOpSchema>;

export const cartApplyBody = v.strictObject({ ops: v.pipe(v.array(cartOpSchema), v.minLength(1, 'ops: at least one change'), v.maxLength(50, 'ops: at most 50 changes')) });

/** `duplicate`: this op_id was applied before (a retry): nothing was done again. */
export interface CartOpResult {
  op_id: string;
  status: 'applied' | 'duplicate' | 'refused';
  /** With `refused`: what the shopper is told (SPEC wording), and the code a single update would have had. */
  message?: string;
  code?: number;
}

/** The cart as the server holds it after the ops, and what became of each op. */
export interface CartApplyReply {
  cart_id: string;
  items: CartItemReply[];
  results: CartOpResult[];
}
