import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { registerReadyRoute } from './ready-route';
import { installRequestIds } from './request-id';

/** Request ids and readiness (docs/operations.md). */
export function registerOpsRoutes(app: FastifyInstance, ctx: AppContext): void {
  installRequestIds(app);
  registerReadyRoute(app, ctx);
}
