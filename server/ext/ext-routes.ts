import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { registerFormRoutes } from './forms/form-routes';
import { registerMailServiceRoutes } from './mail-service/mail-service-routes';
import { registerNewsletterRoutes } from './newsletter/newsletter-routes';
import { registerOrderTrackingRoutes } from './order-tracking/order-tracking-routes';
import { registerReviewRoutes } from './reviews/review-routes';

/**
 * The /api/ext services (newsletter, forms, mail service, order tracking) and /api/review.
 * CMS, blog and static content under /api/ext are registered by the content module.
 */
export function registerExtRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerNewsletterRoutes(app, ctx);
  registerFormRoutes(app, ctx);
  registerMailServiceRoutes(app, ctx);
  registerOrderTrackingRoutes(app, ctx);
  registerReviewRoutes(app, ctx);
}
