import type { FastifyInstance } from 'fastify';

/** Tells the renderer's reads that the catalogue changed (the catalogue service's change feed). */
export interface ChangeFeed {
  on(event: 'change', listener: () => void): unknown;
}

/**
 * Content and URL-mapping reads a render makes, answered from memory until the catalogue changes:
 * the content reads are database reads (a home page makes six, ~20 ms between them), and the URL
 * map, answered from the in-memory catalogue, still costs its route and JSON, while `/api/catalog`
 * has the catalogue's own reply cache. Everything they read (banners,
 * CMS blocks and pages, static content, blog posts, products and categories for the URL map) is a
 * catalogue entity, so the change feed (from any process, through LISTEN/NOTIFY) says when to forget.
 */
const REMEMBERED = /^\/(?:pub\/banners\.json$|api\/ext\/(?:cms-data|static-content|blog)\/|api\/url\/map$)/;

interface Answer {
  status: number;
  type: string | undefined;
  payload: string;
}

/**
 * The storefront's reads answered in-process by this server's own routes (Fastify's inject, no
 * socket), as a guest: a server-rendered page holds exactly what the browser would read from the
 * same API, through the same catalogue and content services. With a change feed, the reads above are
 * remembered (200 answers only, at most `maxEntries`, the oldest dropped first).
 */
export function inProcessFetch(app: FastifyInstance, changes?: ChangeFeed, maxEntries = 2000) {
  const remembered = new Map<string, Answer>();
  // Bumped by every change: a read that started before one is not remembered after it.
  let generation = 0;
  changes?.on('change', () => {
    generation++;
    remembered.clear();
  });
  const ask = async (path: string, init?: RequestInit): Promise<Answer> => {
    const reply = await app.inject({
      method: (init?.method ?? 'GET') as 'GET' | 'POST',
      url: path,
      headers: init?.body ? { 'content-type': 'application/json' } : {},
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    const type = reply.headers['content-type'];
    return { status: reply.statusCode, type: typeof type === 'string' ? type : undefined, payload: reply.payload };
  };
  return async (path: string, init?: RequestInit): Promise<Response> => {
    const key = changes && REMEMBERED.test(path.split('?')[0] ?? path) ? `${init?.method ?? 'GET'} ${path} ${typeof init?.body === 'string' ? init.body : ''}` : undefined;
    let answer = key === undefined ? undefined : remembered.get(key);
    if (!answer) {
      const started = generation;
      answer = await ask(path, init);
      if (key !== undefined && answer.status === 200 && started === generation) {
        remembered.set(key, answer);
        if (remembered.size > maxEntries) remembered.delete(remembered.keys().next().value as string);
      }
    }
    return answered(answer);
  };
}

/**
 * The answer as the storefront's reads take it (status, content type, body as JSON or text). Not a
 * fetch Response: making one and reading its body as a stream cost ~0.1 ms a read, more than the
 * JSON parse of most answers. The body is read once, like a Response's.
 */
function answered({ status, type, payload }: Answer): Response {
  let used = false;
  const body = () => {
    if (used) return Promise.reject(new TypeError('Body is unusable: Body has already been read'));
    used = true;
    return Promise.resolve(payload);
  };
  const reply: Pick<Response, 'status' | 'ok' | 'headers' | 'bodyUsed' | 'text' | 'json'> = {
    status,
    ok: status >= 200 && status < 300,
    headers: new Headers(type ? { 'content-type': type } : {}),
    get bodyUsed() {
      return used;
    },
    text: body,
    json: () => body().then((text) => JSON.parse(text) as unknown),
  };
  return reply as Response;
}
