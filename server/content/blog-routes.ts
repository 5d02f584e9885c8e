import type { FastifyInstance } from 'fastify';
import { blogIdParamsSchema, blogListQuerySchema, blogSlugParamsSchema, sessionQuerySchema } from '../../schemas/api/content';
import { getDocument, readAll, type CatalogDoc } from '../catalog/catalog-store';
import type { AppContext } from '../context';
import { notFound } from '../http/api-error';
import { defineRoute } from '../http/define-route';
import { findDocumentByFields } from './content-queries';
import { isShownNow } from './shown-content';

const POST = { type: 'object', properties: { id: { type: 'integer' }, slug: { type: 'string' }, title: { type: 'string' }, short_content: { type: 'string' }, content: { type: 'string', description: 'CMS HTML as stored; the client sanitises it' }, published_at: { type: 'string' }, author: { type: 'string' } } };
const LIST = { type: 'object', properties: { items: { type: 'array', items: POST }, total_count: { type: 'integer' }, page_size: { type: 'integer' }, current_page: { type: 'integer' } } };

const published = (doc: CatalogDoc) => {
  const ms = typeof doc.published_at === 'string' ? Date.parse(doc.published_at) : Number.NaN;
  return Number.isNaN(ms) ? 0 : ms;
};

/** Newest first; posts published at the same moment by id, highest first, so pages never overlap. */
function newestFirst(a: CatalogDoc, b: CatalogDoc): number {
  return published(b) - published(a) || Number(b.id) - Number(a.id);
}

/** A post dated in the future is not published yet: as good as missing. */
function found(doc: CatalogDoc | undefined): CatalogDoc {
  if (!doc || !isShownNow('blog_post', doc, Date.now())) throw notFound('Blog query returned empty result');
  return doc;
}

/** SPEC §7: "Blog under /api/ext: single and list" (the "Latest news" pages). */
export function registerBlogRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/ext/blog/list',
    summary: 'Blog posts, newest first (pageSize default 10, at most 100; currentPage from 1)',
    tags: ['content', 'blog'],
    query: blogListQuerySchema,
    result: LIST,
    handler: async ({ query }) => {
      // A shop has tens of posts, not thousands: sorting them here keeps date formats from mattering.
      const now = Date.now();
      const posts = (await readAll(ctx.db, 'blog_post'))
        .map((row) => row.doc)
        .filter((doc) => isShownNow('blog_post', doc, now))
        .sort(newestFirst);
      const start = (query.currentPage - 1) * query.pageSize;
      return { items: posts.slice(start, start + query.pageSize), total_count: posts.length, page_size: query.pageSize, current_page: query.currentPage };
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/ext/blog/single/:id',
    summary: 'One blog post by id',
    tags: ['content', 'blog'],
    params: blogIdParamsSchema,
    query: sessionQuerySchema,
    result: POST,
    handler: async ({ params }) => found(await getDocument(ctx.db, 'blog_post', String(params.id))),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/ext/blog/single-by-slug/:slug',
    summary: 'One blog post by its slug',
    tags: ['content', 'blog'],
    params: blogSlugParamsSchema,
    query: sessionQuerySchema,
    result: POST,
    handler: async ({ params }) => found(await findDocumentByFields(ctx.db, 'blog_post', ['slug'], params.slug)),
  });
}
