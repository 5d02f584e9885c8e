import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context';
import { defineRoute } from './http/define-route';
import { buildOpenApiDocument, registerOperation } from './http/openapi';
import { registerOpsRoutes } from './ops/ops-routes';

const VERSION = '0.1.0';

export function registerMetaRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/health',
    summary: 'Liveness, the catalogue change this process has applied and its process id',
    tags: ['meta'],
    // pid: which API process answered, when several serve the shop (WEB_CONCURRENCY).
    handler: async () => ({ status: 'ok', database: ctx.db.kind, catalogSeq: ctx.catalog.seq, pid: process.pid }),
  });
  registerOperation({ method: 'GET', url: '/api/openapi.json', summary: 'This OpenAPI description of every endpoint', tags: ['meta'], rawReply: 'application/json' });
  app.get('/api/openapi.json', async (_request, reply) => reply.header('cache-control', 'no-cache').send(buildOpenApiDocument(VERSION)));
  registerOpsRoutes(app, ctx);
}
