import type { FastifyInstance, RouteOptions } from 'fastify';
import { constants } from 'node:zlib';
import * as v from 'valibot';
import { catalogQuerySchema } from '../../schemas/catalog-query';
import type { AppContext } from '../context';
import { defineRoute } from '../http/define-route';
import { ApiError } from '../http/api-error';
import { securityHeaders } from '../http/security-headers';
import { registerOperation } from '../http/openapi';
import { adminTokenScopes } from '../http/owner-only';
import { ConnectionSlots } from '../limits/connection-slots';
import { clientAddress } from '../limits/rate-limits';
import { tooManyRequests } from '../limits/too-many-requests';
import { orderSignals, type OrderSignal } from '../order/order-stream';
import { CATALOG_ENTITIES, readChanges } from './catalog-store';
import { answerRepeatedGuestQueries, sendCatalogReply, type AdminCheck } from './catalog-reply';
import { registerCatalogImportRoute } from './import-route';
import { cachedReplicaSize, toReplicaDocument } from './replica-documents';
import { keepStream } from '../ops/open-streams';

const entityList = v.pipe(
  v.string(),
  v.transform((s) => s.split(',').map((e) => e.trim()).filter(Boolean)),
  v.array(v.picklist(CATALOG_ENTITIES, `must be a comma list of: ${CATALOG_ENTITIES.join(', ')}`)),
  v.minLength(1, 'must name at least one entity'),
);
const wholeNumber = (max: number) => v.pipe(v.string(), v.regex(/^\d{1,15}$/, 'must be a whole number'), v.transform(Number), v.maxValue(max, `must be at most ${max}`));

/**
 * The feed is a device's whole catalogue download, over whatever link it has: brotli first. A page
 * of 1,000 products is 2.46 MB of JSON: gzip (the app's default) sends 198 kB, brotli at quality 5
 * 141 kB (-29%), made in about as long (30 ms against gzip's 50-120 ms); quality 4 gave 160 kB,
 * 9 only 134 kB at three times the time.
 */
const FEED_COMPRESSION = { encodings: ['br', 'gzip'], brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }, threshold: 2048 } satisfies RouteOptions['compress'];

const changesQuery = v.strictObject({
  entities: entityList,
  seq: v.optional(wholeNumber(Number.MAX_SAFE_INTEGER), '0'),
  id: v.optional(v.pipe(v.string(), v.maxLength(200)), ''),
  limit: v.optional(v.pipe(wholeNumber(1000), v.minValue(1, 'must be at least 1')), '200'),
  token: v.optional(v.string()),
});

/** A live admin token in `x-admin-token` (the catalogue route reads `Authorization` as a customer's). */
const isAdminRequest =
  (ctx: AppContext): AdminCheck =>
  async (request) => {
    const token = request.headers['x-admin-token'];
    return typeof token === 'string' && token !== '' && (await adminTokenScopes(ctx, token)) !== undefined;
  };

/** A client over its stream cap is told to come back after about the stream's own reconnect pause, times ten. */
const STREAM_RETRY_SECONDS = 30;

export function registerCatalogRoutes(app: FastifyInstance, ctx: AppContext): void {
  const replicaSize = cachedReplicaSize(ctx.db);
  // In a scope of its own: its body parser answers a repeated guest query from the reply cache.
  void app.register(async (scope) => {
    answerRepeatedGuestQueries(scope, ctx.catalog, isAdminRequest(ctx));
    defineRoute(scope, ctx, {
      method: 'POST',
      url: '/api/catalog',
      summary:
        'Search products, categories, attributes, tax rules and CMS entities. Replies come from a cache; `cache-control: no-cache` computes afresh only with an admin token in `x-admin-token`',
      tags: ['catalog'],
      body: catalogQuerySchema,
      result: { type: 'object', properties: { items: { type: 'array' }, total: { type: 'integer' }, aggregations: { type: 'object' }, attributeMetadata: { type: 'array' }, perPage: { type: 'integer' } } },
      handler: async ({ body, auth, request, reply }) => sendCatalogReply(ctx.catalog, body, auth, request, reply),
    });
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/catalog/changes',
    compress: FEED_COMPRESSION,
    summary: 'Replication feed: documents changed after a checkpoint, oldest first, deletions included',
    tags: ['catalog', 'replication'],
    query: changesQuery,
    result: { type: 'object', properties: { documents: { type: 'array' }, checkpoint: { type: 'object', properties: { seq: { type: 'integer' }, id: { type: 'string' } } } } },
    handler: async ({ query }) => {
      const after = { seq: query.seq, id: query.id };
      const rows = await readChanges(ctx.db, query.entities, after, query.limit);
      const last = rows[rows.length - 1];
      const now = Date.now();
      return { documents: rows.map((row) => toReplicaDocument(row, now)), checkpoint: last ? { seq: last.seq, id: last.id } : after };
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/catalog/replica-size',
    summary: "How many products a device's replica holds once caught up with the feed (live and enabled): the scale of the offline download, counted as the device counts what it saved",
    tags: ['catalog', 'replication'],
    result: { type: 'object', properties: { products: { type: 'integer' } } },
    handler: async () => ({ products: await replicaSize() }),
  });

  registerOperation({
    method: 'GET',
    url: '/api/catalog/stream',
    summary:
      'Server-Sent Events: `change` events `{entities, seq}` whenever the catalogue changes (pull the feed then), and `order` events `{ref, status}` ' +
      "whenever an order's status changes, where ref is the first 24 hex digits of the SHA-256 of the order's order_id (only a device that knows the order can match it)",
    tags: ['catalog', 'replication', 'orders'],
    rawReply: 'text/event-stream',
  });
  const streams = new ConnectionSlots(ctx.config.limits.streamsPerAddress.max, ctx.config.limits.streamsTotal.max);
  app.get('/api/catalog/stream', async (request, reply) => {
    const release = streams.take(clientAddress(request));
    if (!release) throw tooManyRequests(STREAM_RETRY_SECONDS, (s) => `Too many change streams are open. Try again in ${s} seconds.`);
    // The shared LISTEN is up before `ready`, so an order change committed after it always arrives.
    const orders = await orderSignals(ctx.db).catch((error: unknown) => {
      release();
      ctx.log.error({ err: error }, 'order change notifications unavailable');
      throw new ApiError(503, 'The change stream is not available right now; try again shortly');
    });
    reply.hijack();
    const res = reply.raw;
    // The shopper left while the LISTEN started: nothing to register, and no 'close' would come to undo it.
    if (request.raw.socket.destroyed) return release();
    res.writeHead(200, {
      // A hijacked reply skips the onSend hook that sets these on every other reply.
      ...securityHeaders(request),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write(`retry: 3000\nevent: ready\ndata: ${JSON.stringify({ seq: ctx.catalog.seq })}\n\n`);
    const onChange = (change: { entities: string[]; seq: number }) => res.write(`event: change\ndata: ${JSON.stringify(change)}\n\n`);
    const onOrder = (signal: OrderSignal) => res.write(`event: order\ndata: ${JSON.stringify({ ref: signal.ref, status: signal.status })}\n\n`);
    ctx.catalog.changes.on('change', onChange);
    orders.on('order', onOrder);
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), 20_000);
    // A shutdown ends the stream with a retry hint (server/ops/open-streams.ts).
    const forget = keepStream(app, res);
    request.raw.on('close', () => {
      forget();
      release();
      clearInterval(heartbeat);
      ctx.catalog.changes.off('change', onChange);
      orders.off('order', onOrder);
    });
  });

  registerCatalogImportRoute(app, ctx);
}
