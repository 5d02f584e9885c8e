import type { FastifyInstance } from 'fastify';
import { readAll, readAllInBatches } from '../catalog/catalog-store';
import type { AppContext } from '../context';
import { textOf } from '../../src/domain/cart/doc-fields';
import { inProductBaseline } from '../../src/domain/catalog-query/catalog-index';
import { productUrl } from '../../src/domain/catalog/product-url';
import { blogPostUrl } from '../../src/domain/content/blog-url';
import { isShownNow } from '../content/shown-content';
import { GUEST_GROUP, hiddenCategoriesFor, isHiddenProduct } from '../catalog/trade-only';

/** The sitemap protocol's limit of URLs in one file: past it the sitemap becomes an index of files. */
export const SITEMAP_FILE_LIMIT = 50_000;
const XML = 'application/xml; charset=utf-8';
const ROOT_CATEGORY_IDS = new Set(['1', '2']);

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** The shop's page paths a search engine should know: home, categories, products, CMS pages and the blog. */
export async function sitemapPaths(ctx: AppContext): Promise<string[]> {
  const paths = ['/'];
  // A search engine is a guest: trade-only pages answer it 404.
  const hidden = hiddenCategoriesFor(ctx.catalog, GUEST_GROUP);
  for (const { doc } of await readAll(ctx.db, 'category')) {
    if (doc.is_active === false || ROOT_CATEGORY_IDS.has(String(doc.id)) || hidden.has(Number(doc.id))) continue;
    paths.push(`/c/${textOf(doc.url_key ?? doc.slug, String(doc.id))}`);
  }
  await readAllInBatches(ctx.db, 'product', 2_000, (docs) => {
    // The products a shopper can find (SPEC §5's baseline): a child sold only through its parent, or a
    // disabled product, has no page of its own.
    for (const doc of docs) if (inProductBaseline(doc) && !isHiddenProduct(doc, hidden)) paths.push(productUrl(doc));
  });
  for (const { doc } of await readAll(ctx.db, 'cms_page')) if (doc.active !== false && doc.is_active !== false) paths.push(`/i/${String(doc.identifier)}`);
  paths.push('/latest-news');
  const now = Date.now();
  for (const { doc } of await readAll(ctx.db, 'blog_post')) if (isShownNow('blog_post', doc, now)) paths.push(blogPostUrl(doc));
  return paths;
}

const urlset = (origin: string, paths: readonly string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${paths.map((p) => `<url><loc>${escapeXml(origin + p)}</loc></url>`).join('\n')}\n</urlset>\n`;

const sitemapIndex = (origin: string, files: number) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${Array.from({ length: files }, (_, i) => `<sitemap><loc>${escapeXml(`${origin}/sitemap/${i + 1}.xml`)}</loc></sitemap>`).join('\n')}\n</sitemapindex>\n`;

/**
 * `/sitemap.xml`: one urlset while the shop has at most `limit` pages, else an index of
 * `/sitemap/{n}.xml` files of `limit` URLs each. Absolute URLs from PUBLIC_URL, never the Host header
 * (a forged Host must not put another origin into what search engines read).
 */
export function sitemapDocument(origin: string, paths: readonly string[], file: number | undefined, limit = SITEMAP_FILE_LIMIT): string | undefined {
  const files = Math.ceil(paths.length / limit);
  if (file === undefined) return files <= 1 ? urlset(origin, paths) : sitemapIndex(origin, files);
  if (files <= 1 || file < 1 || file > files) return undefined;
  return urlset(origin, paths.slice((file - 1) * limit, file * limit));
}

/** robots.txt: the shopper's own pages are not for search engines; the sitemap is. */
export const robotsTxt = (origin: string) =>
  ['User-agent: *', 'Disallow: /checkout', 'Disallow: /cart', 'Disallow: /my-account', 'Disallow: /order-success/', 'Disallow: /api/', 'Disallow: /admin', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');

export function registerSitemapRoutes(app: FastifyInstance, ctx: AppContext): void {
  const origin = ctx.config.publicUrl;
  app.get('/robots.txt', async (_request, reply) => reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robotsTxt(origin)));
  app.get('/sitemap.xml', async (_request, reply) => reply.type(XML).header('cache-control', 'public, max-age=3600').send(sitemapDocument(origin, await sitemapPaths(ctx), undefined)));
  app.get<{ Params: { file: string } }>('/sitemap/:file', async (request, reply) => {
    const match = /^(\d{1,6})\.xml$/.exec(request.params.file);
    const body = match ? sitemapDocument(origin, await sitemapPaths(ctx), Number(match[1])) : undefined;
    if (body === undefined) return reply.code(404).type('text/plain; charset=utf-8').send('No such sitemap file');
    return reply.type(XML).header('cache-control', 'public, max-age=3600').send(body);
  });
}
