import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CatalogQuery } from '../../schemas/catalog-query';
import { tokenFromRequest, type AuthClaims } from '../auth/authenticate';
import { jsonBodyParser } from '../http/json-body-parser';
import type { CatalogService } from './catalog-service';
import { CachedReply, type ReplyCache } from './reply-cache';
import { catalogReplyEncoding } from './reply-encoding';
import { GUEST_GROUP, hiddenCategoriesFor, withoutHidden } from './trade-only';

/**
 * A request header `cache-control: no-cache` asks for a freshly computed answer; it is honoured only
 * with an admin token (`isAdmin`), as anyone else could make every query cost a computation. A
 * browser's hard reload sends it too, and is answered from the cache like any other request.
 */
const asksFresh = (request: FastifyRequest) => /\bno-cache\b/i.test(request.headers['cache-control'] ?? '');

/** Requests whose `no-cache` an admin token backs: computed afresh, and not counted as uncached queries. */
const freshRequests = new WeakSet<FastifyRequest>();

export type AdminCheck = (request: FastifyRequest) => Promise<boolean>;

/** A guest's query, by the exact text of its body: set by the body parser below. */
const guestKeys = new WeakMap<FastifyRequest, string>();

/** A reply found in the cache before the body was parsed; answered by the pre-validation hook. */
class CachedHit {
  constructor(
    readonly key: string,
    readonly reply: CachedReply,
  ) {}
}

/**
 * For the routes registered in `scope`: a guest's body (no token, so no customer group) is looked up
 * in the reply cache by its exact text before it is parsed, and a hit is answered before validation.
 * The text was validated when its reply was stored, and the answer depends on nothing else, so a
 * repeated query costs no JSON parse, no validation and no serialisation. Anything else takes the
 * usual way: the shared JSON parser, the route's validation, `sendCatalogReply`.
 */
export function answerRepeatedGuestQueries(scope: FastifyInstance, catalog: CatalogService, isAdmin: AdminCheck): void {
  const parse = jsonBodyParser(scope);
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, raw, done) => {
    const text = raw.toString();
    if (tokenFromRequest(request) !== undefined) return parse(request, text, done);
    const key = `guest ${text}`;
    guestKeys.set(request, key);
    const lookUp = () => {
      const found = catalog.replies.get(key);
      if (found) return done(null, new CachedHit(key, found));
      parse(request, text, done);
    };
    if (!asksFresh(request)) return lookUp();
    isAdmin(request).then(
      (admin) => {
        if (!admin) return lookUp();
        freshRequests.add(request);
        parse(request, text, done);
      },
      (error: unknown) => done(error as Error, undefined),
    );
  });
  scope.addHook('preValidation', async (request, reply) => {
    const hit = request.body;
    if (hit instanceof CachedHit) return sendCached(catalog.replies, hit.key, hit.reply, request, reply);
  });
}

/**
 * `POST /api/catalog`: the envelope `{code: 200, result}` from the reply cache, else computed and
 * kept. The key is a guest's body text (already looked up by the parser), else the validated query
 * and the caller's customer group, so any per-group answer stays apart; the cache is emptied
 * whenever a catalogue change is applied.
 */
export async function sendCatalogReply(catalog: CatalogService, body: CatalogQuery, auth: AuthClaims | null, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const groupId = auth?.groupId;
  const guestKey = groupId === undefined ? guestKeys.get(request) : undefined;
  const key = guestKey ?? `${groupId ?? ''}|${JSON.stringify(body)}`;
  const fresh = freshRequests.has(request);
  let found: CachedReply | undefined;
  if (fresh) catalog.replies.bypass();
  else if (guestKey === undefined) found = catalog.replies.get(key);
  if (!found) {
    // Only a query the cache cannot answer costs the engine, JSON and compression: that is what is limited.
    if (!fresh) await request.server.shopLimits.enforce(request, 'uncachedCatalog', auth);
    // Trade-only categories and their products are left out for a group that may not see them.
    const query = withoutHidden(body, hiddenCategoriesFor(catalog, groupId ?? GUEST_GROUP));
    found = new CachedReply(catalog.indexFor(body.type).queryBytes(query, catalog.queryContext, '{"code":200,"result":', '}'));
    catalog.replies.set(key, found);
  }
  return sendCached(catalog.replies, key, found, request, reply);
}

/** The reply's bytes in the encoding the client takes best, compressed and kept (made again smaller once popular: reply-cache.ts). */
function sendCached(replies: ReplyCache, key: string, found: CachedReply, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  reply.code(200).header('cache-control', 'no-store').header('content-type', 'application/json; charset=utf-8');
  if (!found.compressible) return reply.send(found.bytes('identity').body);
  const encoding = catalogReplyEncoding(request.headers['accept-encoding']);
  reply.header('vary', 'accept-encoding');
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(replies.body(key, found, encoding));
}
