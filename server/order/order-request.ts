import { createHash } from 'node:crypto';
import type { OrderBody } from '../../schemas/api/order';
import { stableJson } from '../../src/domain/cart/item-checksum';

/**
 * What makes two submissions "the same order": the lines (sku, quantity, options), the address
 * information, the customer's own reference and who and which cart it is for. Bookkeeping fields
 * the client changes between retries (transmited, updated_at, task_id), client prices and the grand
 * total the shopper confirmed (a re-confirmation after a price change sends the same order with a new
 * total) are not part of it, nor the personal details with the password of an account to create: the client
 * drops the password from an order it stores for a later resend, and that resend is the same order.
 */
export function orderRequestHash(body: OrderBody): string {
  const canonical = stableJson({
    products: body.products.map((p) => ({ sku: p.sku, qty: p.qty ?? null, product_option: p.product_option ?? null, parentSku: p.parentSku ?? null })),
    addressInformation: body.addressInformation,
    user_id: body.user_id ?? null,
    cart_id: body.cart_id ?? null,
    // Only when given, so an order without a reference keeps the hash it was stored with.
    ...(body.customer_reference ? { customer_reference: body.customer_reference } : {}),
  });
  return createHash('sha256').update(canonical).digest('hex');
}

/** The password of an account created with the order, if one was asked for. */
export function accountRequest(body: OrderBody): { password: string; firstname?: string; lastname?: string } | null {
  const details = body.personalDetails;
  const extra = typeof body.createAccount === 'object' ? body.createAccount : undefined;
  const wanted = body.createAccount === true || extra !== undefined || details?.createAccount === true;
  const password = extra?.password ?? details?.password;
  if (!wanted || !password) return null;
  const firstname = extra?.firstname ?? extra?.firstName ?? details?.firstname ?? details?.firstName;
  const lastname = extra?.lastname ?? extra?.lastName ?? details?.lastname ?? details?.lastName;
  return { password, ...(firstname ? { firstname } : {}), ...(lastname ? { lastname } : {}) };
}
