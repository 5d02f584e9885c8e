import cluster from 'node:cluster';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import type { AppContext } from '../context';
import { registerOperation } from '../http/openapi';
import { ownerOnly } from '../http/owner-only';
import { createMetricsRegistry } from './metrics-registry';
import { METRICS_PATH, serveMetricsPort } from './metrics-port';
import { opsConfig } from './ops-config';

export const METRICS_REFUSED = 'The metrics need an admin token with the "metrics" scope';

const registries = new WeakMap<FastifyInstance, Registry>();

/**
 * GET /metrics in the Prometheus text format, on the shop's port for an admin token with the `metrics`
 * scope (Prometheus sends it as `authorization: Bearer`). With several API processes this answers for
 * the process the connection reached; the supervisor's METRICS_PORT answers for all of them.
 */
export function registerMetricsRoute(app: FastifyInstance, ctx: AppContext): void {
  const registry = createMetricsRegistry(app, ctx);
  registries.set(app, registry);
  ownerOnly(app, ctx, METRICS_PATH, METRICS_REFUSED, () => 'metrics');
  registerOperation({ method: 'GET', url: METRICS_PATH, summary: "This process's metrics in the Prometheus text format (admin token with the metrics scope)", tags: ['meta'], auth: 'admin', rawReply: 'text/plain' });
  app.get(METRICS_PATH, async (_request, reply) => reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(await registry.metrics()));
}

/**
 * Starts the METRICS_PORT listener of a single API process (with several, the supervisor serves it for
 * all of them); returns what closes it, or undefined when there is none.
 */
export async function startMetricsPort(app: FastifyInstance, host: string, log: Pick<FastifyBaseLogger, 'error'>): Promise<(() => Promise<void>) | undefined> {
  const { metricsPort } = opsConfig();
  const registry = registries.get(app);
  if (metricsPort === undefined || cluster.isWorker || !registry) return undefined;
  const read = async () => ({ text: await registry.metrics(), contentType: registry.contentType });
  const server = await serveMetricsPort(metricsPort, host, read, (error) => log.error({ err: error }, 'metrics could not be read'));
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
