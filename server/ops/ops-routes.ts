import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { installDraining } from './draining';
import { registerMetricsRoute } from './metrics-route';
import { registerReadyRoute } from './ready-route';
import { installRequestIds } from './request-id';

/** Request ids, readiness, metrics and the hooks a graceful shutdown needs (docs/operations.md). */
export function registerOpsRoutes(app: FastifyInstance, ctx: AppContext): void {
  installRequestIds(app);
  installDraining(app);
  registerReadyRoute(app, ctx);
  registerMetricsRoute(app, ctx);
}
