import type { FastifyInstance } from 'fastify';
import { cmsIdParamsSchema, cmsIdentifierParamsSchema, sessionQuerySchema } from '../../schemas/api/content';
import { getDocument, type CatalogDoc } from '../catalog/catalog-store';
import type { AppContext } from '../context';
import { notFound } from '../http/api-error';
import { defineRoute } from '../http/define-route';
import { findByIdentifier } from './content-queries';

const TYPES = [
  { name: 'cmsPage', entity: 'cms_page' },
  { name: 'cmsBlock', entity: 'cms_block' },
] as const;

const CMS_RESULT = {
  type: 'object',
  description: '`content` is CMS HTML exactly as stored; the client sanitises it before rendering.',
  properties: { id: { type: 'integer' }, identifier: { type: 'string' }, title: { type: 'string' }, content: { type: 'string' }, active: { type: 'boolean' } },
};

/** A page or block switched off in the CMS is as good as missing for a shopper. */
function shown(doc: CatalogDoc | undefined): CatalogDoc {
  if (!doc || doc.active === false) throw notFound('CMS query returned empty result');
  return doc;
}

/**
 * SPEC §7: "CMS under /api/ext: cms-data/cms{type}/{id}, and by identifier with the store id".
 * Content is one store's (multistore is off), so the store id is checked for shape and not used.
 */
export function registerCmsRoutes(app: FastifyInstance, ctx: AppContext): void {
  for (const { name, entity } of TYPES) {
    defineRoute(app, ctx, {
      method: 'GET',
      url: `/api/ext/cms-data/${name}/:id`,
      summary: `A CMS ${entity === 'cms_page' ? 'page' : 'block'} by its numeric id`,
      tags: ['content', 'cms'],
      params: cmsIdParamsSchema,
      query: sessionQuerySchema,
      result: CMS_RESULT,
      handler: async ({ params }) => shown(await getDocument(ctx.db, entity, String(params.id))),
    });
    defineRoute(app, ctx, {
      method: 'GET',
      url: `/api/ext/cms-data/${name}Identifier/:identifier/storeId/:storeId`,
      summary: `A CMS ${entity === 'cms_page' ? 'page' : 'block'} by its identifier, for a store id`,
      tags: ['content', 'cms'],
      params: cmsIdentifierParamsSchema,
      query: sessionQuerySchema,
      result: CMS_RESULT,
      handler: async ({ params }) => shown(await findByIdentifier(ctx.db, entity, params.identifier)),
    });
  }
}
