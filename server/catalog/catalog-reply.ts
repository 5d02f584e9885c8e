import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CatalogQuery } from '../../schemas/catalog-query';
import type { CatalogService } from './catalog-service';
import { buildReply, type CachedReply } from './reply-cache';

/** True when `accept-encoding` takes gzip (or anything) with a non-zero weight. */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    if (name !== 'gzip' && name !== '*') continue;
    const q = params.find((p) => p.startsWith('q='));
    if (!q || Number(q.slice(2)) > 0) return true;
  }
  return false;
}

/** A request header `cache-control: no-cache` (a browser's hard reload) asks for a freshly computed answer. */
const wantsFresh = (request: FastifyRequest) => /\bno-cache\b/i.test(request.headers['cache-control'] ?? '');

/**
 * `POST /api/catalog`: the envelope `{code: 200, result}` from the reply cache, else computed, serialised
 * and compressed once and kept. The key is the validated query and the caller's customer group, so any
 * per-group answer stays apart; the cache is emptied whenever a catalogue change is applied.
 */
export function sendCatalogReply(catalog: CatalogService, body: CatalogQuery, groupId: number | undefined, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const key = `${groupId ?? ''}|${JSON.stringify(body)}`;
  let found: CachedReply | undefined;
  if (wantsFresh(request)) catalog.replies.bypass();
  else found = catalog.replies.get(key);
  if (!found) {
    found = buildReply(`{"code":200,"result":${catalog.indexFor(body.type).queryJson(body, catalog.attributes.get)}}`);
    catalog.replies.set(key, found);
  }
  reply.code(200).header('cache-control', 'no-store').header('content-type', 'application/json; charset=utf-8');
  if (found.gzip) reply.header('vary', 'accept-encoding');
  if (found.gzip && acceptsGzip(request.headers['accept-encoding'])) return reply.header('content-encoding', 'gzip').send(found.gzip);
  return reply.send(found.json);
}
