import type { ApiClient, ApiEnvelope } from '../api/api-types';
import type { CartApplyReply } from '../../schemas/api/cart-sync';
import { apiOp, type PendingCartOp } from './cart-ops-journal';
import type { ServerCartItem } from './cart-types';

/** The /api/cart calls the sync makes (SPEC §7 "Cart"); all return the raw envelope. */
export function cartApi(api: ApiClient) {
  return {
    /** A guest cart (no token sent), or the signed-in customer's cart; a retry with the same key gets the same cart. */
    create: (asGuest: boolean, idempotencyKey: string): Promise<ApiEnvelope<string>> => api.request('/api/cart/create', { method: 'POST', auth: !asGuest, idempotencyKey }),
    pull: (cartId: string): Promise<ApiEnvelope<ServerCartItem[] | string>> => api.request('/api/cart/pull', { query: { cartId } }),
    update: (cartId: string, cartItem: { sku: string; qty: number; item_id?: number; quoteId?: string; product_option?: Record<string, unknown> }): Promise<ApiEnvelope<ServerCartItem | string>> =>
      api.request('/api/cart/update', { method: 'POST', query: { cartId }, body: { cartItem } }),
    remove: (cartId: string, cartItem: { sku: string; item_id: number; quoteId?: string }): Promise<ApiEnvelope<boolean | string>> =>
      api.request('/api/cart/delete', { method: 'POST', query: { cartId }, body: { cartItem } }),
    /** The shopper's changes, each applied once by its id to the cart as the server holds it now. */
    apply: (cartId: string, ops: readonly PendingCartOp[]): Promise<ApiEnvelope<CartApplyReply | string>> =>
      api.request('/api/cart/apply', { method: 'POST', query: { cartId }, body: { ops: ops.map(apiOp) } }),
    totals: (cartId: string): Promise<ApiEnvelope<Record<string, unknown> | string>> => api.request('/api/cart/totals', { query: { cartId } }),
    applyCoupon: (cartId: string, coupon: string): Promise<ApiEnvelope<boolean | string>> => api.request('/api/cart/apply-coupon', { method: 'POST', query: { cartId, coupon } }),
    deleteCoupon: (cartId: string): Promise<ApiEnvelope<boolean | string>> => api.request('/api/cart/delete-coupon', { method: 'POST', query: { cartId } }),
  };
}

export type CartApi = ReturnType<typeof cartApi>;
