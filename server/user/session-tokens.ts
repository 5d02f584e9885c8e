import { signAccessToken } from '../auth/access-token';
import { startRefreshFamily } from '../auth/refresh-tokens';
import type { AppContext } from '../context';
import type { Queryable } from '../db/database';
import type { CustomerRow } from './customer-store';

/** A short-lived access token plus the opaque refresh token that carries the session on. */
export interface SessionTokens {
  token: string;
  refreshToken: string;
}

export function accessTokenFor(ctx: AppContext, customer: Pick<CustomerRow, 'id' | 'group_id'>): Promise<string> {
  return signAccessToken({ sub: String(customer.id), groupId: Number(customer.group_id) }, ctx.secrets.authSecret, ctx.config.accessTokenTtlSeconds);
}

/** Starts a new refresh-token family (one per login), ending `SESSION_MAX_AGE` from now. */
export async function startSession(db: Queryable, ctx: AppContext, customer: Pick<CustomerRow, 'id' | 'group_id'>): Promise<SessionTokens> {
  const refreshToken = await startRefreshFamily(db, Number(customer.id), ctx.config.refreshTokenTtlSeconds, ctx.config.sessionMaxAgeSeconds);
  return { token: await accessTokenFor(ctx, customer), refreshToken };
}
