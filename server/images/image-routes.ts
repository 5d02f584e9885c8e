import { createHash } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { AppContext } from '../context';
import { envelope, sendEnvelope } from '../http/envelope';
import { registerOperation } from '../http/openapi';
import { DRAWING_VERSION } from './draw-picture';
import { ImageCache } from './image-cache';
import { IMAGE_ACTIONS, MAX_SIDE, MIN_SIDE, parseImageRequest, type ImageRequest } from './image-request';
import { CONTENT_TYPES, formatFor, renderImage, type ImageFormat } from './render-image';

/** Paths name a SKU and a view number, so the picture behind a URL never changes. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

const side = (name: string) =>
  v.pipe(v.number(), v.integer(), v.minValue(MIN_SIDE), v.maxValue(MAX_SIDE), v.description(`${name} in pixels; the shop uses 324x489 (product), 210x300 (cart), 600x744 (gallery)`));
const imagePath = v.pipe(v.string(), v.description('image path from a document without its leading slash, e.g. product/bolts/blt-m8x60-1.jpg'));

export function registerImageRoutes(app: FastifyInstance, ctx: AppContext): void {
  const cache = new ImageCache(path.join(ctx.config.dataDir, 'image-cache'), {
    onWriteError: (error) => ctx.log.warn({ err: error }, 'image cache write failed'),
  });

  registerOperation({
    method: 'GET',
    url: '/img/:width/:height/:action/:path',
    summary: 'Product, category, banner or blog picture at a size: WebP when Accept allows it, else JPEG',
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
    const format = formatFor(request.headers.accept);
    const key = cacheKey(parsed.value, format);
    const etag = `"${key.slice(0, 32)}"`;
    reply.header('vary', 'Accept').header('cache-control', CACHE_CONTROL).header('etag', etag);
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
    const image = await cache.get(key, () => renderImage(parsed.value, format));
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
