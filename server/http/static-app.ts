import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CatalogService } from '../catalog/catalog-service';
import type { Queryable } from '../db/database';
import { envelope, sendEnvelope } from './envelope';
import { preloadHints, preloadImageHeader } from './preload-hints';

/**
 * Answers a page path with server-rendered HTML and resolves true, or resolves false (having sent
 * nothing) to leave it to the shell. Never the reply itself: a FastifyReply is thenable, so awaiting a
 * promise of it waits for the response to end and yields undefined, which read as "not answered" and
 * sent the shell file after the page (Fastify's "Reply was already sent", and the file left open).
 */
export type PageResponder = (request: FastifyRequest, reply: FastifyReply, pathname: string) => Promise<boolean>;

/**
 * Serves the built web app: hashed assets cached for a year, the shell and the service worker
 * always revalidated, and any other page path answered by the page renderer when one is given, else with the shell (the app routes it), with a
 * preload hint for the page's largest picture where the server knows it.
 */
export async function serveApp(app: FastifyInstance, distDir: string, catalog: CatalogService, db: Queryable, renderPage?: PageResponder): Promise<void> {
  const hasApp = existsSync(path.join(distDir, 'index.html'));
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      // Files are looked up on disk per request (not listed once at start), so a rebuild while the
      // server runs serves the new chunks and service worker; a missing file falls to the handler below.
      wildcard: true,
      // "/" has a route of its own below (the shell with its hints); other folder paths fall to the handler.
      index: false,
      // The .br and .gz copies the build wrote (server/cli/precompress-app.ts), as the browser accepts:
      // the response compression below then has nothing left to do for them.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const largestPictureOf = preloadHints(catalog, db);
  const sendShell = async (reply: FastifyReply, pathname: string) => {
    // The hint goes out as a header on server-rendered pages too: the browser starts the picture
    // before it has parsed the head (and home's banner has no tag in the head).
    const picture = await largestPictureOf(pathname);
    if (picture) void reply.header('link', preloadImageHeader(picture));
    if (renderPage && (await renderPage(reply.request, reply, pathname))) return reply;
    return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
  };
  if (hasApp) app.get('/', (_request, reply) => sendShell(reply, '/'));
  // A page path would otherwise go through the static files first: a directory read and a stat per
  // request (for a page answered from the output cache, most of its cost) before the miss falls to
  // the handler below. Paths without a file extension are pages: they go to the page at once.
  if (hasApp) {
    app.addHook('onRequest', async (request, reply) => {
      if (request.routeOptions.url !== STATIC_WILDCARD) return;
      const pathname = pagePath(request);
      if (pathname === undefined || FILE_EXTENSION.test(pathname)) return;
      await sendShell(reply, pathname);
      return reply;
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = pagePath(request);
    const isFile = pathname !== undefined && FILE_EXTENSION.test(pathname) && !pathname.endsWith('.html');
    if (pathname === undefined || !hasApp || isFile) {
      request.log.info({ url: request.url, method: request.method }, 'unknown route requested');
      return sendEnvelope(reply, envelope('Route not found', 404));
    }
    return sendShell(reply, pathname);
  });
}

/** A path naming a file (`/sw.js`, `/assets/x.css`, `/pwa.html`) rather than a page of the app. */
const FILE_EXTENSION = /\.[a-z0-9]+$/i;

/** The route @fastify/static serves files on (`wildcard: true`): every GET no other route takes. */
const STATIC_WILDCARD = '/*';

/** The path of a request the web app may answer: a GET or HEAD outside /api. */
function pagePath(request: FastifyRequest): string | undefined {
  const pathname = request.url.split('?')[0] ?? request.url;
  if (pathname.startsWith('/api/') || pathname === '/api' || (request.method !== 'GET' && request.method !== 'HEAD')) return undefined;
  return pathname;
}
