import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { registerAccountRoutes } from './account-routes';
import { registerMyReviewsRoutes } from './my-reviews-routes';
import { registerOrderHistoryRoutes } from './order-history-routes';
import { registerPasswordRoutes } from './password-routes';
import { registerSessionRoutes } from './session-routes';

/** /api/user/*: accounts, sessions, passwords and order history (SPEC §7 "User"). */
export function registerUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerAccountRoutes(app, ctx);
  registerSessionRoutes(app, ctx);
  registerPasswordRoutes(app, ctx);
  registerOrderHistoryRoutes(app, ctx);
  registerMyReviewsRoutes(app, ctx);
}
