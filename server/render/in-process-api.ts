import type { FastifyInstance } from 'fastify';

/**
 * The storefront's reads answered in-process by this server's own routes (Fastify's inject, no
 * socket), as a guest: a server-rendered page holds exactly what the browser would read from the
 * same API, through the same catalogue and content services.
 */
export function inProcessFetch(app: FastifyInstance) {
  return async (path: string, init?: RequestInit): Promise<Response> => {
    const reply = await app.inject({
      method: (init?.method ?? 'GET') as 'GET' | 'POST',
      url: path,
      headers: init?.body ? { 'content-type': 'application/json' } : {},
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    const type = reply.headers['content-type'];
    return new Response(reply.payload === '' ? null : reply.payload, { status: reply.statusCode, headers: typeof type === 'string' ? { 'content-type': type } : {} });
  };
}
