import type { FastifyInstance } from 'fastify';
import { ORDER_MESSAGES, orderBody, PRICE_CHANGED } from '../../schemas/api/order';
import type { AppContext } from '../context';
import { defineRoute } from '../http/define-route';
import { registerOrderLookupRoute } from './order-lookup-routes';
import { placeOrder } from './place-order';

const orderReplySchema = {
  type: 'object',
  properties: {
    order_id: { type: 'string' },
    increment_id: { type: 'string', description: 'The human order number' },
    status: { type: 'string' },
    created_at: { type: 'string' },
    grand_total: { type: 'number' },
    backendOrderId: { type: 'string' },
  },
};

/** POST /api/order: idempotent by the client's order_id; every line validated and priced on the server. */
export function registerOrderRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: 'POST',
    url: '/api/order',
    summary:
      'Places an order. order_id is an idempotency key: retries give the same reply and one order; the same id with a different order is 409. ' +
      'Unavailable products are 409 "Some of the ordered products are not available!" with meta.skus; a bad address is 400 "Address invalid: order canceled"; ' +
      'naming a cart an earlier order converted, an order that order holds whole (the same lines, at most its quantities: the same checkout again) is 409 "This cart has already been ordered" with meta.order_id and meta.increment_id of that order; ' +
        'any other is placed as an order of its own without converting the cart again, taking from the customer\'s open cart what that order left of the lines it names. ' +
      'grand_total (optional) is the total incl. VAT the shopper confirmed: when it differs from the server\'s by more than a penny the order is refused with 409 ' +
      `"${ORDER_MESSAGES.priceChanged}" and meta {reason: '${PRICE_CHANGED}', grand_total, confirmed_grand_total, totals} (the new totals), storing nothing; send it again with the new total. ` +
      'A retry is answered from the stored order before the token is checked (a queued order sent after the session ended); the Idempotency-Key header is not used here.',
    tags: ['order'],
    body: orderBody,
    result: orderReplySchema,
    // Each order takes stock: a signed-in customer is counted by account, a guest by address.
    limit: (auth) => (auth ? 'accountOrders' : 'guestOrders'),
    handler: async ({ body, auth }) => placeOrder(ctx, body, auth),
  });
  registerOrderLookupRoute(app, ctx);
}
