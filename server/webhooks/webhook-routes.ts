import type { FastifyInstance } from 'fastify';
import { DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES, webhookDeliveryParams, webhookDeliveryQuery, webhookEndpointBody, webhookEndpointParams } from '../../schemas/api/webhooks';
import type { AppContext } from '../context';
import { defineRoute } from '../http/define-route';
import { ownerOnly } from '../http/owner-only';
import { ApiError } from '../http/api-error';
import { envelope, type Envelope } from '../http/envelope';
import { checkDestination, DestinationRefused } from './webhook-destination';
import { createEndpoint, disableEndpoint, listDeliveries, listEndpoints, retryDelivery } from './webhook-store';

export const WEBHOOK_ADMIN_REFUSED = 'Webhook settings need a live admin token: this one is not an admin token, or it has been revoked';

const time = { type: 'string', format: 'date-time' };
const maybeTime = { type: ['string', 'null'], format: 'date-time' };
const endpoint = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    url: { type: 'string' },
    event_types: { type: ['array', 'null'], items: { enum: WEBHOOK_EVENT_TYPES } },
    description: { type: ['string', 'null'] },
    created_at: time,
    disabled_at: maybeTime,
  },
};
const delivery = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    event_id: { type: 'string', description: 'Sent as the webhook-id header: what the receiver de-duplicates on' },
    event_type: { enum: WEBHOOK_EVENT_TYPES },
    endpoint_id: { type: 'integer' },
    url: { type: 'string' },
    status: { enum: DELIVERY_STATUSES },
    attempts: { type: 'integer' },
    last_status: { type: ['integer', 'null'], description: 'HTTP status of the latest attempt; null when it got no reply' },
    last_error: { type: ['string', 'null'], description: 'Why the latest failed attempt failed (kept after a later success)' },
    last_attempt_at: maybeTime,
    next_attempt_at: { ...maybeTime, description: 'When a pending delivery is tried next' },
    delivered_at: maybeTime,
    failed_at: { ...maybeTime, description: 'Set when the retry period (24 h by default) passed without a 2xx, or the endpoint was disabled' },
    created_at: { ...time, description: "The event's time" },
  },
};

/**
 * What a retry of a creation with the same Idempotency-Key gets: the endpoint exists, but its secret
 * was shown once and is kept nowhere in clear, so the client is told which endpoint it was and how
 * to get a secret it holds.
 */
function secretNotKept(done: Envelope): Envelope {
  const id = Number((done.result as { id?: unknown }).id);
  return envelope(
    `This Idempotency-Key already created webhook endpoint ${id}; its signing secret was shown only in that reply and is not kept. If the reply was lost, disable the endpoint (DELETE /api/admin/webhooks/${id}) and create a new one.`,
    409,
    { idempotency: 'secret-not-kept', endpointId: id },
  );
}

/** The shop owner's webhook endpoints and their deliveries (every route needs an admin token). */
export function registerWebhookRoutes(app: FastifyInstance, ctx: AppContext): void {
  ownerOnly(app, ctx, (url) => url === '/api/admin/webhooks' || url.startsWith('/api/admin/webhooks/'), WEBHOOK_ADMIN_REFUSED, () => 'webhooks');
  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/admin/webhooks',
    summary: 'Webhook endpoints, disabled ones included; never their secrets',
    tags: ['admin'],
    result: { type: 'array', items: endpoint },
    handler: async () => listEndpoints(ctx.db),
  });
  defineRoute(app, ctx, {
    method: 'POST',
    url: '/api/admin/webhooks',
    summary:
      'Adds a webhook endpoint for order.placed, order.status_changed and stock.low (event_types left out: all). The reply is the only place its signing secret (whsec_...) appears: ' +
      'a retry with the same Idempotency-Key creates nothing and is 409 with meta.endpointId (the secret is not kept: disable that endpoint and create a new one)',
    tags: ['admin'],
    body: webhookEndpointBody,
    secretReplay: secretNotKept,
    result: { ...endpoint, properties: { ...endpoint.properties, secret: { type: 'string' } } },
    handler: async ({ body }) => {
      await checkDestination(body.url, ctx.config.webhooks.allowedHosts).catch((error: unknown) => {
        throw error instanceof DestinationRefused ? new ApiError(400, error.message, { field: 'url' }) : error;
      });
      return createEndpoint(ctx.db, body);
    },
  });
  defineRoute(app, ctx, {
    method: 'DELETE',
    url: '/api/admin/webhooks/:id',
    summary: 'Disables a webhook endpoint: no new deliveries, and its pending ones are marked failed (404 for an unknown id)',
    tags: ['admin'],
    params: webhookEndpointParams,
    result: endpoint,
    handler: async ({ params }) => disableEndpoint(ctx.db, params.id),
  });
  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/admin/webhooks/deliveries',
    summary: 'Webhook deliveries newest first, with attempts and the last error; filter by status, endpoint_id, event_type or event_id (pageSize 20, at most 200)',
    tags: ['admin'],
    query: webhookDeliveryQuery,
    result: { type: 'object', properties: { items: { type: 'array', items: delivery }, total_count: { type: 'integer' }, search_criteria: { type: 'object' } } },
    handler: async ({ query }) => {
      const { items, total_count } = await listDeliveries(ctx.db, query);
      return { items, total_count, search_criteria: { page_size: query.pageSize, current_page: query.currentPage } };
    },
  });
  defineRoute(app, ctx, {
    method: 'POST',
    url: '/api/admin/webhooks/deliveries/:id/retry',
    summary: 'Sends a pending or failed delivery again now (409 when it was delivered, is being sent, or its endpoint is disabled)',
    tags: ['admin'],
    params: webhookDeliveryParams,
    result: delivery,
    handler: async ({ params }) => retryDelivery(ctx.db, params.id),
  });
}
