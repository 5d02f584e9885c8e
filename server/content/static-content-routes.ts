import type { FastifyInstance } from 'fastify';
import { STATIC_CONTENT_NAMES, sessionQuerySchema, staticContentParamsSchema } from '../../schemas/api/content';
import { getDocument } from '../catalog/catalog-store';
import type { AppContext } from '../context';
import { notFound } from '../http/api-error';
import { defineRoute } from '../http/define-route';

/**
 * SPEC §3: "Promoted offers, accreditations and info links come from static JSON". Each is one
 * `static_content` document `{id, value}`; the reply's result is the value.
 */
export function registerStaticContentRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/ext/static-content/:name',
    summary: `Static JSON content by name: ${STATIC_CONTENT_NAMES.join(', ')}`,
    tags: ['content'],
    params: staticContentParamsSchema,
    query: sessionQuerySchema,
    result: { description: 'The stored value: promoted_offers {mainBanner, smallBanners}, accreditations [{name, image, link}], info_links [{title, link}]' },
    handler: async ({ params }) => {
      const known = (STATIC_CONTENT_NAMES as readonly string[]).includes(params.name);
      const doc = known ? await getDocument(ctx.db, 'static_content', params.name) : undefined;
      if (!doc || !('value' in doc)) throw notFound(`Static content not found; known names: ${STATIC_CONTENT_NAMES.join(', ')}`);
      return doc.value;
    },
  });
}
