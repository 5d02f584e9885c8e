import type { FastifyInstance } from 'fastify';
import { loginBody, logoutBody, refreshBody } from '../../schemas/api/user';
import { pruneAttemptCounters } from '../auth/attempt-throttle';
import { decoyHash, verifyPassword } from '../auth/password-hash';
import { rotateRefreshToken } from '../auth/refresh-rotation';
import { pruneExpiredRefreshTokens, refreshTokenOwner, revokeFamily } from '../auth/refresh-tokens';
import type { AppContext } from '../context';
import { unauthorized } from '../http/api-error';
import { defineRoute } from '../http/define-route';
import { envelope } from '../http/envelope';
import { inProgressReply } from '../http/in-progress';
import { findCustomerById, findCustomerByEmail } from './customer-store';
import { admitLoginAttempt, loginSucceeded } from './login-guard';
import { accessTokenFor, startSession } from './session-tokens';
import { USER_MESSAGES } from './user-messages';

const tokenReply = { type: 'string', description: 'Access token (send as `Authorization: Bearer …`); `meta.refreshToken` renews it.' };

export function registerSessionRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: 'POST',
    url: '/api/user/login',
    summary: 'Sign in: an access token in `result`, a rotating refresh token in `meta.refreshToken`',
    tags: ['user'],
    body: loginBody,
    result: tokenReply,
    limit: 'login',
    handler: async ({ body, request }) => {
      await admitLoginAttempt(ctx.db, body.username, request.ip, ctx.config.limits);
      const customer = await findCustomerByEmail(ctx.db, body.username);
      // The same slow hash runs for an unknown e-mail: wrong e-mail and wrong password look alike.
      const valid = await verifyPassword(body.password, customer?.password_hash ?? (await decoyHash()));
      if (!customer || !valid) throw unauthorized(USER_MESSAGES.badLogin);
      await loginSucceeded(ctx.db, body.username, request.ip);
      const session = await startSession(ctx.db, ctx, customer);
      await pruneExpiredRefreshTokens(ctx.db);
      await pruneAttemptCounters(ctx.db);
      return envelope(session.token, 200, { refreshToken: session.refreshToken });
    },
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/api/user/refresh',
    summary:
      'Trade a refresh token (single use) for a new access token and the next refresh token. With `requestId` (kept by the client until the reply arrives), ' +
      'the same token and id sent again after a lost reply get a new pair while the first successor is unused; any other reuse of a used token ends that session (401).',
    tags: ['user'],
    body: refreshBody,
    result: tokenReply,
    handler: async ({ body, reply }) => {
      const outcome = await ctx.db.transaction(async (tx) => {
        const rotated = await rotateRefreshToken(tx, body.refreshToken, ctx.config.refreshTokenTtlSeconds, body.requestId);
        if (!rotated.ok) return rotated;
        const customer = await findCustomerById(tx, rotated.customerId);
        return customer ? { ...rotated, customer } : ({ ok: false, reason: 'unknown' } as const);
      });
      if (!outcome.ok) {
        if (outcome.reason === 'in-progress') return inProgressReply(reply, USER_MESSAGES.refreshInProgress);
        if (outcome.reason === 'reused') ctx.log.warn('refresh token reused: its session family was revoked');
        throw unauthorized(USER_MESSAGES.invalidRefreshToken);
      }
      return envelope(await accessTokenFor(ctx, outcome.customer), 200, { refreshToken: outcome.token });
    },
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/api/user/logout',
    summary:
      'Sign out on the server: the session of `refreshToken` ends (every token of its family is revoked). Needs the access token of the same customer; ' +
      'answers `true` alike for a session ended now, one already ended and a token it does not know, so a retry after a lost reply is safe and nothing is told about other sessions.',
    tags: ['user'],
    auth: 'required',
    body: logoutBody,
    result: { type: 'boolean', description: 'Always `true`: no session of this customer holds the token any more.' },
    handler: async ({ body, auth }) => {
      const owner = await refreshTokenOwner(ctx.db, body.refreshToken);
      if (owner && String(owner.customerId) === auth?.sub) await revokeFamily(ctx.db, owner.familyId);
      return true;
    },
  });
}
