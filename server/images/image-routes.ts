import { createHash } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { AppContext } from '../context';
import { envelope, sendEnvelope } from '../http/envelope';
import { registerOperation } from '../http/openapi';
import { CatalogueImages } from './catalog-images';
import { DRAWING_VERSION } from './draw-picture';
import { ImageCache } from './image-cache';
import { IMAGE_ACTIONS, MAX_SIDE, MIN_SIDE, parseImageRequest, type ImageRequest } from './image-request';
import { snapBox } from './image-sizes';
import { CONTENT_TYPES, formatFor, renderImage, type ImageFormat } from './render-image';

/** Paths name a SKU and a view number, so the picture behind a URL never changes. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

const side = (name: string) =>
  v.pipe(
    v.number(),
    v.integer(),
    v.minValue(MIN_SIDE),
    v.maxValue(MAX_SIDE),
    v.description(`${name} in pixels; the shop uses 324x489 (product), 210x300 (cart), 600x744 (gallery). Other boxes get the nearest size the shop draws`),
  );
const imagePath = v.pipe(v.string(), v.description('image path a catalogue document names, without its leading slash, e.g. product/bolts/blt-m8x60-1.jpg; any other is 404'));
const UNKNOWN_IMAGE = 'No such image in the catalogue';

export function registerImageRoutes(app: FastifyInstance, ctx: AppContext): void {
  const cache = new ImageCache(path.join(ctx.config.dataDir, 'image-cache'), {
    maxDiskBytes: ctx.config.imageCacheBytes,
    onWriteError: (error) => ctx.log.warn({ err: error }, 'image cache write failed'),
  });
  // A cap lowered since the last start, or files left by a crash, are dealt with now.
  void cache.disk.sweep();
  const catalogue = new CatalogueImages(ctx.catalog);

  registerOperation({
    method: 'GET',
    url: '/img/:width/:height/:action/:path',
    summary: 'A picture the catalogue names (product, category, banner, blog) at a size: WebP when Accept allows it, else JPEG. 404 for a path no catalogue document names',
    tags: ['images'],
    params: v.object({ width: side('width'), height: side('height'), action: v.picklist(IMAGE_ACTIONS), path: imagePath }),
    rawReply: 'image/webp',
  });
  registerOperation({
    method: 'GET',
    url: '/img/:path',
    summary: 'The original picture (600x744) of an image path',
    tags: ['images'],
    params: v.object({ path: imagePath }),
    rawReply: 'image/webp',
  });

  // One wildcard route: the first segments decide whether a size was asked for (see image-request).
  app.get('/img/*', async (request: FastifyRequest<{ Params: { '*': string } }>, reply: FastifyReply) => {
    const parsed = parseImageRequest(request.params['*']);
    if (!parsed.ok) return sendEnvelope(reply, envelope(parsed.message, 400));
    // Only the catalogue's own pictures are drawn and stored: made-up names would each cost a file.
    if (!catalogue.has(parsed.value.path)) return sendEnvelope(reply, envelope(UNKNOWN_IMAGE, 404));
    const asked = { ...parsed.value, ...snapBox(parsed.value) };
    const format = formatFor(request.headers.accept);
    const key = cacheKey(asked, format);
    const etag = `"${key.slice(0, 32)}"`;
    reply.header('vary', 'Accept').header('cache-control', CACHE_CONTROL).header('etag', etag);
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
    const image = await cache.get(key, () => renderImage(asked, format));
    return reply.header('content-type', CONTENT_TYPES[format]).header('x-image-source', image.source).send(image.bytes);
  });
}

/** The same inputs always give the same bytes, so the hash of the inputs names the file. */
export function cacheKey(request: ImageRequest, format: ImageFormat): string {
  const { width, height, action, path: imagePath } = request;
  const hash = createHash('sha256').update(`${DRAWING_VERSION}|${width}|${height}|${action}|${imagePath}|${format}`).digest('hex');
  return `${hash}.${format === 'webp' ? 'webp' : 'jpg'}`;
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}
