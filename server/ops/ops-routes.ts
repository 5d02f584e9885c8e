import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { registerMetricsRoute } from './metrics-route';
import { registerReadyRoute } from './ready-route';
import { installRequestIds } from './request-id';

/** Request ids, readiness and metrics (docs/operations.md). */
export function registerOpsRoutes(app: FastifyInstance, ctx: AppContext): void {
  installRequestIds(app);
  registerReadyRoute(app, ctx);
  registerMetricsRoute(app, ctx);
}
