import type { FastifyInstance } from 'fastify';
import { pickTickBody } from '../../schemas/api/admin-picks';
import { adminOrderFeedQuery, adminOrderListQuery, adminOrderParams, orderStatusChangeBody } from '../../schemas/api/admin';
import type { AppContext } from '../context';
import { ApiError } from '../http/api-error';
import { defineRoute } from '../http/define-route';
import { envelope } from '../http/envelope';
import { changeOrderStatus } from '../order/change-order-status';
import { ORDER_TRANSITIONS, STATUS_MESSAGES } from '../order/order-status';
import { orderStatusHistory, statusHistories } from '../user/order-history-query';
import { findAdminOrder, listAdminOrders, orderFeed, toAdminOrder } from './admin-order-query';
import { withCatalogueFacts } from './admin-order-lines';
import { tickPick, withPicks } from './order-picks';

const orderShape = {
  type: 'object',
  description:
    'The stored order (items, addresses, totals, payment, status) with change_seq and updated_at; each line also has the ean and image of its product in the catalogue now; ' +
    'picks lists the units picked so far per sku ({ sku, picked }), from every tablet',
};
/** Lines with the catalogue's facts and the units picked: what a packer needs of an order. */
const forPacking = async (ctx: AppContext, orders: Record<string, unknown>[]) => withPicks(ctx.db, await withCatalogueFacts(ctx.db, orders));
const transitions = Object.entries(ORDER_TRANSITIONS)
  .map(([from, to]) => `${from} → ${to.length > 0 ? to.join(' | ') : '(final)'}`)
  .join('; ');

/** Orders for the people who pack them: list, one order with its history, the feed, status changes. */
export function registerAdminOrderRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/admin/orders',
    summary: 'Orders newest first, filtered by status, created_since (ISO date or time), customer email (any case) and reference (prefix), paged',
    tags: ['admin'],
    query: adminOrderListQuery,
    result: { type: 'object', properties: { items: { type: 'array', items: orderShape }, total_count: { type: 'integer' }, search_criteria: { type: 'object' } } },
    handler: async ({ query }) => {
      const filter = { status: query.status, createdSince: query.created_since, email: query.email, reference: query.reference };
      const { rows, total } = await listAdminOrders(ctx.db, filter, query.pageSize, query.currentPage);
      return { items: await forPacking(ctx, rows.map(toAdminOrder)), total_count: total, search_criteria: { page_size: query.pageSize, current_page: query.currentPage } };
    },
  });
  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/admin/orders/feed',
    summary:
      'New and changed orders after a checkpoint, in change order: start with after=0, process the items, store the reply\'s checkpoint, ask again with after=checkpoint. ' +
      'Each item has its status_history. An order changed again comes back with a higher change_seq. A crash before storing the checkpoint repeats a page, never skips one',
    tags: ['admin'],
    query: adminOrderFeedQuery,
    result: { type: 'object', properties: { items: { type: 'array', items: orderShape }, checkpoint: { type: 'string' }, has_more: { type: 'boolean' } } },
    handler: async ({ query }) => {
      const { rows, hasMore } = await orderFeed(ctx.db, query.after, query.limit);
      const last = rows.at(-1);
      // With its history, a fed order is complete: a device keeping orders offline needs no second read.
      const histories = await statusHistories(ctx.db, rows.map((r) => r.order_id));
      const items = await forPacking(ctx, rows.map((r) => ({ ...toAdminOrder(r), status_history: histories.get(r.order_id) ?? [] })));
      return { items, checkpoint: last ? String(last.change_seq) : query.after, has_more: hasMore };
    },
  });
  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/admin/orders/:orderId',
    summary: 'One order by its order_id or its number (increment_id): lines, addresses, totals, status and status_history (carrier and tracking number on shipped)',
    tags: ['admin'],
    params: adminOrderParams,
    result: orderShape,
    handler: async ({ params }) => {
      const row = await findAdminOrder(ctx.db, params.orderId);
      if (!row) throw new ApiError(404, STATUS_MESSAGES.notFound);
      const history = await orderStatusHistory(ctx.db, row.order_id, 1000, 1);
      const [order] = await forPacking(ctx, [toAdminOrder(row)]);
      return { ...order, status_history: history.items };
    },
  });
  defineRoute(app, ctx, {
    method: 'POST',
    url: '/api/admin/orders/:orderId/status',
    summary:
      `Moves an order to the next status (${transitions}), with a comment and, for shipped, carrier and tracking_number. ` +
      'Cancelling returns the ordered units to stock unless return_stock is false (the goods are gone: damaged, or already sent). The shopper is mailed, open tabs hear of it, webhooks get order.status_changed. ' +
      'Asking for the status the order already has changes nothing (meta.changed false); another transition is 409 naming the allowed ones (meta.allowed)',
    tags: ['admin'],
    params: adminOrderParams,
    body: orderStatusChangeBody,
    result: orderShape,
    handler: async ({ params, body }) => {
      const outcome = await changeOrderStatus(ctx, params.orderId, body);
      return envelope(outcome.order, 200, { changed: outcome.changed });
    },
  });
  defineRoute(app, ctx, {
    method: 'POST',
    url: '/api/admin/orders/:orderId/picks',
    summary:
      'Ticks units of one line as picked ({ sku, quantity }, quantity 1 by default), seen by every tablet in the order detail and the feed (picks). ' +
      'Refused: a sku not on the order (422), more units than were ordered or an order that is not pending or processing (409). ' +
      'Send an Idempotency-Key: a retry of the same tick is then counted once. Replies with the order\'s picks and the feed number of the change',
    tags: ['admin'],
    params: adminOrderParams,
    body: pickTickBody,
    result: { type: 'object', properties: { order_id: { type: 'string' }, change_seq: { type: 'integer' }, picks: { type: 'array', items: { type: 'object', properties: { sku: { type: 'string' }, picked: { type: 'integer' } } } } } },
    handler: async ({ params, body }) => tickPick(ctx, params.orderId, body),
  });
}
