import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { liveAdminTokenScopes } from '../admin/admin-tokens';
import { allows, SCOPE_MESSAGES, type AdminScope } from '../../schemas/api/admin-scopes';
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
 * The scopes of an admin token (null: all), or undefined when it is none: a live admin token from the
 * database (`npm run admin:token`), or this process's local token (the `ADMIN_TOKEN` variable, else
 * random per start and written to DATA_DIR/server.json for the command-line tools of the embedded
 * database), which may do everything.
 */
export async function adminTokenScopes(ctx: Pick<AppContext, 'db' | 'adminToken'>, token: string): Promise<AdminScope[] | null | undefined> {
  return isOwnerToken(token, ctx.adminToken) ? null : liveAdminTokenScopes(ctx.db, token);
}

/**
 * Shop-owner routes refuse everyone else when the request arrives, before its body is read or its
 * query validated: a stranger learns nothing about the route's input rules, and a 200 MB import body
 * is never parsed for a caller who may not send it. No token is 401; a token that is not a live admin
 * token (a customer's access token, a revoked one) is 403 with the route's refusal, and so is one
 * without the scope the request needs (`scopeOf`, from its method). `matches` takes the route's URL
 * pattern. Register before the routes it guards.
 */
export function ownerOnly(app: FastifyInstance, ctx: AppContext, matches: string | ((routeUrl: string) => boolean), refusal: string, scopeOf: (method: string, routeUrl: string) => AdminScope): void {
  const applies = typeof matches === 'string' ? (url: string) => url === matches : matches;
  const check = async (request: FastifyRequest, url: string) => {
    const token = presentedAdminToken(request);
    if (token === undefined) throw new ApiError(401, ADMIN_TOKEN_MISSING);
    const scopes = await adminTokenScopes(ctx, token);
    if (scopes === undefined) throw new ApiError(403, refusal);
    const needed = scopeOf(request.method, url);
    if (!allows(scopes, needed)) throw new ApiError(403, SCOPE_MESSAGES.missing(needed), { scope: needed });
  };
  // A callback hook: every request of the shop passes each of these guards, and one guarding another
  // route lets it on at once, without a promise (or the async context it carries) per guard.
  app.addHook('onRequest', (request, _reply, done) => {
    const url = request.routeOptions.url;
    if (url === undefined || !applies(url)) return done();
    check(request, url).then(() => done(), done);
  });
}
