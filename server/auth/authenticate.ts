import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { unauthorized } from '../http/api-error';
import { requireCustomer } from '../user/current-customer';
import { verifyAccessToken, type AuthClaims } from './access-token';

export type { AuthClaims };

/** The token from `Authorization: Bearer …` (preferred) or, for compatibility, the `token` query parameter. */
export function tokenFromRequest(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  const query = request.query as Record<string, unknown> | undefined;
  const token = query?.token;
  return typeof token === 'string' && token !== '' ? token : undefined;
}

/**
 * null for a guest (no token). A token that is present but invalid or expired is a 401, so the
 * client knows to refresh instead of silently acting as a guest.
 */
export async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<AuthClaims | null> {
  const token = tokenFromRequest(request);
  if (!token) return null;
  const claims = await verifyAccessToken(token, ctx.secrets.authSecret);
  if (!claims) throw unauthorized();
  // Tokens are stateless: a deleted account, or a token from before a password change, ends here on every endpoint.
  await requireCustomer(ctx.db, claims);
  return claims;
}
