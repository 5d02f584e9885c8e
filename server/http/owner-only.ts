import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isLiveAdminToken } from '../admin/admin-tokens';
import type { AppContext } from '../context';
import { ApiError } from './api-error';

export const ADMIN_TOKEN_MISSING = 'This needs an admin token: send it as "Authorization: Bearer <token>" (create one with npm run admin:token -- --name NAME)';

/** Constant-time comparison: the admin token must not leak through response timing. */
export function isOwnerToken(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The admin token a request presents: `Authorization: Bearer ...`, or the older `x-admin-token` header. */
export function presentedAdminToken(request: FastifyRequest): string | undefined {
  const header = request.headers['x-admin-token'];
  if (typeof header === 'string' && header !== '') return header;
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/**
 * A live admin token from the database (`npm run admin:token`), or this process's local token (the
 * `ADMIN_TOKEN` variable, else random per start and written to DATA_DIR/server.json for the
 * command-line tools of the embedded database).
 */
export async function isAdminToken(ctx: Pick<AppContext, 'db' | 'adminToken'>, token: string): Promise<boolean> {
  return isOwnerToken(token, ctx.adminToken) || (await isLiveAdminToken(ctx.db, token));
}

/**
 * Shop-owner routes refuse everyone else when the request arrives, before its body is read or its
 * query validated: a stranger learns nothing about the route's input rules, and a 200 MB import body
 * is never parsed for a caller who may not send it. No token is 401; a token that is not a live admin
 * token (a customer's access token, a revoked one) is 403 with the route's refusal. `matches` takes the
 * route's URL pattern. Register before the routes it guards.
 */
export function ownerOnly(app: FastifyInstance, ctx: AppContext, matches: string | ((routeUrl: string) => boolean), refusal: string): void {
  const applies = typeof matches === 'string' ? (url: string) => url === matches : matches;
  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    if (url === undefined || !applies(url)) return;
    const token = presentedAdminToken(request);
    if (token === undefined) throw new ApiError(401, ADMIN_TOKEN_MISSING);
    if (!(await isAdminToken(ctx, token))) throw new ApiError(403, refusal);
  });
}
