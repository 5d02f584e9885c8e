import type { FastifyInstance } from 'fastify';
import { urlMapBodySchema } from '../../schemas/api/content';
import type { AppContext } from '../context';
import { notFound } from '../http/api-error';
import { defineRoute } from '../http/define-route';
import { envelope } from '../http/envelope';
import { projectFields } from '../../src/domain/catalog-query/project-fields';
import { memoryUrlLookups } from './url-lookups';
import { resolveUrl, type UrlMapping } from './url-resolver';
import { GUEST_GROUP, hiddenCategoriesFor, isHiddenProduct, TRADE_ONLY_PAGE } from '../catalog/trade-only';

/** Fields the client needs to pick the child when it is sent to the parent, whatever the projection says. */
const REDIRECT_FIELDS = ['sku', 'type_id', 'url_path', 'url_key', 'slug', 'configurable_children', 'configurable_options'];

const MAPPING_RESULT = {
  type: 'object',
  required: ['_type', '_source'],
  properties: {
    _type: { type: 'string', enum: ['product', 'category', 'cms_page'] },
    _source: { type: 'object', description: 'The document, projected by includeFields / excludeFields (dot paths; exclude wins).' },
  },
};

/**
 * POST /api/url and /api/url/map (SPEC §7 "Catalogue"): the mapping step for unknown urls. Found
 * documents are returned whatever their status; a configurable child's url answers with the parent
 * and `meta.childSku`, which the client (and later the server renderer, with a 301) redirects on.
 */
export function registerUrlRoutes(app: FastifyInstance, ctx: AppContext): void {
  /** A trade-only product or category, asked for by a group that may not see it (a guest, for the server renderer too). */
  const isTradeOnlyFor = (mapping: UrlMapping, groupId: number): boolean => {
    const hidden = hiddenCategoriesFor(ctx.catalog, groupId);
    if (mapping.type === 'product') return isHiddenProduct(mapping.doc, hidden);
    return mapping.type === 'category' && hidden.has(Number(mapping.doc.id));
  };
  // The catalogue this process serves, kept current from the change feed: no database read a mapping.
  const lookups = memoryUrlLookups(ctx.catalog);
  for (const url of ['/api/url', '/api/url/map']) {
    defineRoute(app, ctx, {
      method: 'POST',
      url,
      summary: 'Map a storefront path to the product, category or CMS page it names (a configurable child maps to its parent, meta.childSku)',
      tags: ['catalog', 'url'],
      body: urlMapBodySchema,
      result: MAPPING_RESULT,
      handler: async ({ body, auth }) => {
        const mapping = await resolveUrl(lookups, body.url, body.filters?.sku ?? undefined);
        if (!mapping) throw notFound('No mapping found for path');
        if (isTradeOnlyFor(mapping, auth?.groupId ?? GUEST_GROUP)) throw notFound(TRADE_ONLY_PAGE);
        const include = mapping.childSku && body.includeFields?.length ? [...body.includeFields, ...REDIRECT_FIELDS] : body.includeFields;
        const exclude = mapping.childSku ? body.excludeFields?.filter((f) => !REDIRECT_FIELDS.some((keep) => f === keep || f.startsWith(`${keep}.`))) : body.excludeFields;
        const result = { _type: mapping.type, _source: projectFields(mapping.doc, include ?? undefined, exclude ?? undefined) };
        return mapping.childSku ? envelope(result, 200, { childSku: mapping.childSku }) : result;
      },
    });
  }
}
