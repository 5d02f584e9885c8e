import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { registerBannerRoutes } from './banner-routes';
import { registerBlogRoutes } from './blog-routes';
import { registerCmsRoutes } from './cms-routes';
import { registerRenderListRoutes } from './render-list-routes';
import { registerStaticContentRoutes } from './static-content-routes';
import { registerUrlRoutes } from './url-routes';
import { schedulePostPublication } from './post-publisher';

/** The content and catalogue-lookup endpoints of SPEC §7 (the catalogue search itself lives in server/catalog). */
export function registerContentRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerUrlRoutes(app, ctx);
  registerRenderListRoutes(app, ctx);
  registerCmsRoutes(app, ctx);
  registerBlogRoutes(app, ctx);
  registerStaticContentRoutes(app, ctx);
  registerBannerRoutes(app, ctx);
  // Blog posts written ahead of their date reach the replication feed when that date comes.
  schedulePostPublication(app, ctx);
}
