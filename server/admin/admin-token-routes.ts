import type { FastifyInstance } from 'fastify';
import { adminTokenBody, adminTokenParams } from '../../schemas/api/admin';
import type { AppContext } from '../context';
import { ApiError } from '../http/api-error';
import { adminTokenScopes, presentedAdminToken } from '../http/owner-only';
import { ADMIN_SCOPES, SCOPE_MESSAGES } from '../../schemas/api/admin-scopes';
import { defineRoute } from '../http/define-route';
import { createAdminToken, listAdminTokens, revokeAdminToken } from './admin-tokens';

const tokenInfo = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    created_at: { type: 'string' },
    last_used_at: { type: ['string', 'null'] },
    revoked_at: { type: ['string', 'null'] },
    scopes: { type: ['array', 'null'], items: { enum: ADMIN_SCOPES }, description: 'What the token may do; null: everything' },
  },
};

/** The shop owner's API tokens (also `npm run admin:token`): create (shown once), list, revoke. */
export function registerAdminTokenRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/admin/tokens',
    summary: 'Admin tokens: name, created, last used (to the minute), revoked; never the token itself',
    tags: ['admin'],
    result: { type: 'array', items: tokenInfo },
    handler: async () => listAdminTokens(ctx.db),
  });
  defineRoute(app, ctx, {
    method: 'POST',
    url: '/api/admin/tokens',
    summary:
      `Creates an admin token, limited to \`scopes\` when given (${ADMIN_SCOPES.join(', ')}), never wider than the token asking. The reply is the only place the token appears: only its SHA-256 digest is stored`,
    tags: ['admin'],
    body: adminTokenBody,
    result: { ...tokenInfo, properties: { ...tokenInfo.properties, token: { type: 'string' } } },
    handler: async ({ body, request }) => {
      // A token that may make tokens must not make one that may do more than itself.
      const held = await adminTokenScopes(ctx, presentedAdminToken(request) ?? '');
      const wanted = body.scopes ?? null;
      const wider = held === undefined || (held !== null && (wanted === null || wanted.some((s) => !held.includes(s))));
      if (wider) throw new ApiError(403, SCOPE_MESSAGES.wider);
      return createAdminToken(ctx.db, body.name, wanted);
    },
  });
  defineRoute(app, ctx, {
    method: 'DELETE',
    url: '/api/admin/tokens/:id',
    summary: 'Revokes an admin token at once (404 when no live token has this id)',
    tags: ['admin'],
    params: adminTokenParams,
    result: tokenInfo,
    handler: async ({ params }) => {
      const [revoked] = await revokeAdminToken(ctx.db, params.id);
      if (!revoked) throw new ApiError(404, 'No live admin token has this id');
      return revoked;
    },
  });
}
