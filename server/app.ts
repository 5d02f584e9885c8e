import Fastify, { LogController, type FastifyInstance, type FastifyHttpOptions } from 'fastify';
import type { Server } from 'node:http';
import fastifyCompress from '@fastify/compress';
import type { AppContext } from './context';
import { clientErrorReply, frameworkErrorReply, installErrorHandler } from './http/error-handler';
import { installJsonBodyParser } from './http/json-body-parser';
import { installSecurityHeaders } from './http/security-headers';
import { installRateLimits } from './limits/rate-limits';
import { capConnectionsPerAddress } from './limits/connection-cap';
import { serveApp } from './http/static-app';
import { slowClientOptions } from './http/slow-clients';
import { createPageResponder } from './render/page-responder';
import { registerSitemapRoutes } from './render/sitemap';
import { registerCatalogRoutes } from './catalog/catalog-routes';
import { registerGraphqlRoutes } from './graphql/graphql-routes';
import { registerContentRoutes } from './content/content-routes';
import { registerImageRoutes } from './images/image-routes';
import { registerUserRoutes } from './user/user-routes';
import { registerExtRoutes } from './ext/ext-routes';
import { registerCartRoutes } from './cart/cart-routes';
import { registerOrderRoutes } from './order/order-routes';
import { registerStockRoutes } from './stock/stock-routes';
import { registerMetaRoutes } from './meta-routes';
import { registerMailOutboxRoutes } from './mail/mail-outbox-routes';
import { registerWebhookRoutes } from './webhooks/webhook-routes';
import { registerAdminRoutes } from './admin/admin-routes';
import { registerAdminShellRoute } from './admin/admin-shell-route';
import { opsServerOptions } from './ops/server-options';

/** Deep or huge JSON is refused before it is parsed. */
export const DEFAULT_BODY_LIMIT = 256 * 1024;

export async function buildApp(ctx: Omit<AppContext, 'log'>): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const options: FastifyHttpOptions<Server> = {
    logger: { level: ctx.config.logLevel },
    bodyLimit: DEFAULT_BODY_LIMIT,
    // Fastify's default 0 lets a client hold a connection for ever by sending its request slowly.
    requestTimeout: ctx.config.requestTimeoutMs,
    http: slowClientOptions(ctx.config),
    trustProxy: ctx.config.trustProxy,
    logController: new LogController({ disableRequestLogging: ctx.config.logLevel !== 'debug' }),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // Request ids, and requests arriving while the process stops (server/ops/server-options.ts).
    ...opsServerOptions,
    frameworkErrors: frameworkErrorReply,
    clientErrorHandler: clientErrorReply,
  };
  const app = Fastify(options);
  const full: AppContext = { ...ctx, log: app.log };
  installErrorHandler(app, ctx.config.refusalHoldMs);
  installJsonBodyParser(app);
  installSecurityHeaders(app);
  await app.register(fastifyCompress, { threshold: 2048, encodings: ['gzip', 'br'] });
  await installRateLimits(app, ctx.config.limits);
  capConnectionsPerAddress(app.server, ctx.config.limits.connectionsPerAddress, ctx.config.trustProxy);

  registerMetaRoutes(app, full);
  registerCatalogRoutes(app, full);
  await registerGraphqlRoutes(app, full);
  registerContentRoutes(app, full);
  registerImageRoutes(app, full);
  registerUserRoutes(app, full);
  registerExtRoutes(app, full);
  registerCartRoutes(app, full);
  registerOrderRoutes(app, full);
  registerStockRoutes(app, full);
  registerMailOutboxRoutes(app, full);
  registerWebhookRoutes(app, full);
  registerAdminRoutes(app, full);
  registerAdminShellRoute(app, full);
  registerSitemapRoutes(app, full);
  // Page paths get server-rendered HTML (server/render, the server's only use of React) where the app renders them.
  await serveApp(app, ctx.config.distDir, ctx.catalog, ctx.db, createPageResponder(app, full));
  return { app, ctx: full };
}
