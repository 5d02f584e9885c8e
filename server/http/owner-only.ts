import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { ApiError } from './api-error';

/** Constant-time comparison: the admin token must not leak through response timing. */
export function isOwnerToken(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Shop-owner routes (the `x-admin-token` header) refuse everyone else when the request arrives,
 * before its body is read or its query validated: a stranger learns nothing about the route's
 * input rules, and a 200 MB import body is never parsed for a caller who may not send it.
 * Register before the route it guards.
 */
export function ownerOnly(app: FastifyInstance, ctx: AppContext, url: string, refusal: string): void {
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.url === url && !isOwnerToken(request.headers['x-admin-token'], ctx.adminToken)) throw new ApiError(403, refusal);
  });
}
