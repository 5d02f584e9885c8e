import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readChanges } from '../catalog/catalog-store';
import { pageEncoding } from '../catalog/reply-encoding';
import type { AppContext } from '../context';
import type { PageResponder } from '../http/static-app';
import { inProcessFetch } from './in-process-api';
import { pageRequest } from './page-request';
import { loadRenderer } from './load-renderer';
import { etagOf, OUTPUT_CACHE_TTL_SECONDS, OutputCache, type CachedPage } from './output-cache';
import { RememberedAnswers } from './remembered-answers';
import { reportPageCache } from '../ops/ops-state';

/** Anonymous pages: browsers revalidate (cheap with the ETag), shared caches and CDNs keep a day (SPEC §9). */
export const ANONYMOUS_CACHE_CONTROL = `public, max-age=0, must-revalidate, s-maxage=${OUTPUT_CACHE_TTL_SECONDS}`;
/** A request with a session (cookie or authorization) is never cached, here or on the way. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

const hasSession = (request: FastifyRequest) => Boolean(request.headers.cookie || request.headers.authorization);

/**
 * The built shell, read again when a rebuild replaces it (the output cache is emptied then). Its
 * modification time is looked at on each render with a synchronous stat: a few microseconds, where
 * the promise-based one cost several times that of the process's time a page.
 */
function shellTemplate(distDir: string, onChange: () => void) {
  let known: { mtimeMs: number; html: string } | undefined;
  const file = path.join(distDir, 'index.html');
  return async (): Promise<string> => {
    const { mtimeMs } = statSync(file);
    if (known?.mtimeMs !== mtimeMs) {
      if (known) onChange();
      known = { mtimeMs, html: await readFile(file, 'utf8') };
    }
    return known.html;
  };
}

/**
 * Server-rendered HTML for the pages the app renders on the server (home, categories, products, CMS
 * and static pages, blog, the 404 and 500 pages), with their status codes and head tags; anonymous
 * pages come from the output cache for up to a day, purged when the catalogue change feed reports
 * their products or categories changed (from any process, through the catalogue's LISTEN/NOTIFY).
 * Any other path (checkout, account, ...) is left to the shell.
 */
export function createPageResponder(app: FastifyInstance, ctx: AppContext, cache = new OutputCache()): PageResponder & { cache: OutputCache } {
  const template = shellTemplate(ctx.config.distDir, () => cache.clear());
  reportPageCache(app, cache);
  // Bumped by every purge: a render that started before a change is not cached after it.
  let generation = 0;
  let checkpoint = ctx.catalog.seq;
  ctx.catalog.changes.on('change', (change) => {
    generation++;
    const from = checkpoint;
    checkpoint = Math.max(checkpoint, change.seq);
    if (change.entities.some((e) => e !== 'product')) return cache.clear();
    void readChanges(ctx.db, ['product'], { seq: from, id: '' }, 2000).then(
      (rows) => (rows.length >= 2000 ? cache.clear() : cache.purgeProducts(rows.flatMap((r) => [String(r.doc.sku), ...(typeof r.doc.parentSku === 'string' ? [r.doc.parentSku] : [])]))),
      () => cache.clear(),
    );
    // Listings show any product: those go at once, before the changed skus are read.
    cache.purgeProducts([]);
  });

  // `server-timing` says whether the output cache answered and how long a render took (read by the bench).
  const send = (reply: FastifyReply, page: Pick<CachedPage, 'status' | 'headers' | 'body' | 'gzip' | 'etag'>, cacheControl: string, timing: string): true => {
    const common = { etag: page.etag, 'cache-control': cacheControl, 'server-timing': timing };
    if (page.status === 200 && reply.request.headers['if-none-match'] === page.etag) {
      void reply.code(304).headers(common).send();
    } else if (!page.gzip) {
      void reply.code(page.status).headers({ ...page.headers, ...common }).send(page.body);
    } else {
      const encoded = acceptsGzip(reply.request);
      const headers = { ...page.headers, ...common, vary: 'accept-encoding', ...(encoded ? { 'content-encoding': 'gzip' } : {}) };
      void reply.code(page.status).headers(headers).send(encoded ? page.body : gunzipSync(page.body));
    }
    return true;
  };

  const remembered = new RememberedAnswers(ctx.catalog.changes);
  // Loaded by the first page request, not at start: evaluating the app's modules takes the process's
  // CPU for a while, and a server that only answers /api (or starts in a test) should not pay it.
  let renderer: Promise<Awaited<ReturnType<typeof loadRenderer>>> | undefined;
  const loadOnce = () => {
    if (!renderer) {
      renderer = loadRenderer().then((loaded) => {
        loaded.answerReadsWith(inProcessFetch(app, ctx.catalog.changes));
        return loaded;
      });
      renderer.catch((error: unknown) => ctx.log.error({ err: error }, 'page renderer unavailable; pages are answered with the shell'));
    }
    return renderer;
  };

  // The raw path the shell handler passes is not used: the page goes by its normalised one (page-request).
  const responder = async (request: FastifyRequest, reply: FastifyReply, _pathname: string): Promise<boolean> => {
    const rendering = await loadOnce().catch(() => undefined);
    if (!rendering) return false;
    const anonymous = !hasSession(request);
    // The shop's own address, never the request's Host header or a request line that reads as another
    // origin: the page is cached for everyone, and its canonical, Open Graph and JSON-LD URLs come from it.
    const { url, cacheKey: key } = pageRequest(request.url, ctx.config.publicUrl, (code) => ctx.catalog.attributes.get(code) !== undefined);
    // Only a path the server renders is ever cached, so a hit skips route matching (React Router's
    // matchRoutes flattens and ranks the 36 routes on every call: ~0.8 ms, more than the rest of a hit).
    const hit = anonymous && key !== undefined ? cache.get(key) : undefined;
    if (hit) return send(reply, hit, ANONYMOUS_CACHE_CONTROL, 'cache;desc=hit');
    if (!rendering.rendersOnServer(url.pathname)) return false;
    const started = generation;
    const shell = await template();
    let page: Omit<CachedPage, 'expires' | 'gzip'>;
    let phases = '';
    const renderStarted = performance.now();
    try {
      const outcome = await rendering.renderPage(url, remembered);
      if (outcome.kind === 'redirect') {
        const body = '';
        page = { status: outcome.status, headers: { location: outcome.location }, body, etag: etagOf(`${outcome.status} ${outcome.location}`), kind: 'redirect', skus: [] };
      } else {
        const documentStarted = performance.now();
        const body = rendering.pageBytes(shell, outcome);
        page = { status: outcome.status, headers: { 'content-type': 'text/html; charset=utf-8' }, body, etag: etagOf(body), kind: outcome.shows.kind, skus: outcome.shows.skus };
        const { data, html, head } = outcome.timings;
        phases = `, data;dur=${data.toFixed(2)}, html;dur=${html.toFixed(2)}, head;dur=${head.toFixed(2)}, doc;dur=${(performance.now() - documentStarted).toFixed(2)}`;
      }
    } catch (error) {
      // A page that cannot be rendered answers 500 with the shell: the browser still renders it itself.
      request.log.error({ err: error, url: request.url }, 'page render failed');
      void reply.code(500).header('cache-control', PRIVATE_CACHE_CONTROL).type('text/html; charset=utf-8').send(shell);
      return true;
    }
    const timing = `cache;desc=${anonymous ? 'miss' : 'bypass'}, render;dur=${(performance.now() - renderStarted).toFixed(2)}${phases}`;
    if (!anonymous) return send(reply, { ...page, gzip: false }, PRIVATE_CACHE_CONTROL, timing);
    const kept = compressed(page);
    // A query with a parameter no page reads is rendered each time: caching it would let any made-up parameter fill the cache.
    if (started === generation && page.status < 500 && key !== undefined) cache.set(key, kept);
    return send(reply, kept, ANONYMOUS_CACHE_CONTROL, timing);
  };
  return Object.assign(responder, { cache });
}

/** A page as the output cache keeps it: compressed once, past a size where compression pays. */
function compressed<T extends { body: string | Buffer }>(page: T): T & Pick<CachedPage, 'body' | 'gzip'> {
  return page.body.length < 1024 ? { ...page, gzip: false } : { ...page, body: gzipSync(page.body), gzip: true };
}

/** Whether a request is to get gzip: a page is kept gzipped, so gzip wins a tie with br (`pageEncoding`). */
export function acceptsGzip(request: Pick<FastifyRequest, 'headers'>): boolean {
  const header = request.headers['accept-encoding'];
  return request.headers['x-no-compression'] === undefined && pageEncoding(typeof header === 'string' ? header : undefined) === 'gzip';
}
