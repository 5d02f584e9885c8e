import type { FastifyInstance } from 'fastify';
import { activeBanners } from '../../src/domain/content/active-banners';
import { readAll } from '../catalog/catalog-store';
import type { AppContext } from '../context';
import { registerOperation } from '../http/openapi';

export const BANNERS_PATH = '/pub/banners.json';
/** Banners change rarely; five minutes of caching spares the database on every home page view. */
export const BANNERS_CACHE_CONTROL = 'public, max-age=300';

/**
 * GET /pub/banners.json (SPEC §7: "on the API host returns banners, filtered to status 1"). It stands
 * in for a static file, so the reply is plain JSON `{banners: [...]}`, not the `{code, result}` envelope.
 */
export function registerBannerRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerOperation({
    method: 'GET',
    url: BANNERS_PATH,
    summary: 'Home page banners with status 1, by position. A static-file path: the reply is plain JSON {banners: [{id, title, subtitle, image, link, status, position}]}, not the {code, result} envelope',
    tags: ['content'],
    result: { type: 'object', properties: { banners: { type: 'array', items: { type: 'object' } } } },
    rawReply: 'application/json',
  });
  app.get(BANNERS_PATH, async (_request, reply) => {
    const banners = activeBanners((await readAll(ctx.db, 'banner')).map((row) => row.doc));
    return reply.header('cache-control', BANNERS_CACHE_CONTROL).type('application/json; charset=utf-8').send({ banners });
  });
}
