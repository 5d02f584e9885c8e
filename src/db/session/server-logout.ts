import { isUnknownOutcome, isUnknownReply } from '../../../replication/api/api-errors';
import type { ApiClient, ApiEnvelope } from '../../../replication/api/api-types';
import { newRefreshRequestId } from '../../../replication/api/token-refresh-lock';
import type { SessionState } from '../../../schemas/rx/local-documents';
import type { ShopDatabase } from '../database-types';
import { modifyLocal, readLocal, type LocalKey } from '../local-state';

/**
 * Sessions signed out on this device that the server has not yet been told to end. The device signs
 * out at once, whatever the network; the server's `POST /api/user/logout` follows in the background
 * (logout-keeper.ts) and is retried until it is answered. Kept in storage so a reload or a closed tab
 * does not forget it.
 */
export interface EndingSession {
  /** The access token the session last had (it may have expired since). */
  token: string | null;
  refreshToken: string;
  /** Set while a refresh for a fresh access token is on its way, so a retry after a lost reply is known to the server. */
  refreshRequestId: string | null;
}

export const ENDING_SESSIONS: LocalKey<{ sessions: EndingSession[] }> = { id: 'ending-sessions', fallback: { sessions: [] } };

/** Notes the signed-out session for the server; nothing to tell it when the device held no refresh token. */
export async function rememberEndingSession(db: ShopDatabase, session: SessionState): Promise<void> {
  const { token, refreshToken } = session;
  if (!refreshToken) return;
  await modifyLocal(db, ENDING_SESSIONS, (state) => ({
    sessions: [...state.sessions.filter((s) => s.refreshToken !== refreshToken), { token, refreshToken, refreshRequestId: session.refreshRequestId ?? null }],
  }));
}

/** `settled`: every session the device knew of has been answered for. `later`: the server could not be reached or asked to wait. */
export type SendOutcome = 'settled' | 'later';

/** Tells the server about each ending session, one at a time; each one answered is forgotten. */
export async function sendEndingSessions(db: ShopDatabase, api: ApiClient): Promise<SendOutcome> {
  const { sessions } = await readLocal(db, ENDING_SESSIONS);
  let outcome: SendOutcome = 'settled';
  for (const session of sessions) {
    const result = await endOnServer(db, api, session).catch((error: unknown) => {
      if (isUnknownOutcome(error)) return 'later' as const;
      throw error;
    });
    if (result === 'later') outcome = 'later';
  }
  return outcome;
}

/**
 * One session: logout with its access token. An access token that expired meanwhile is renewed with
 * the refresh token first (the route wants the customer's token); a refresh token the server refuses
 * belongs to a session that has already ended. A reply that settles nothing (no reply, 5xx, 429) is
 * `later`, the same rule as every queued request.
 */
async function endOnServer(db: ShopDatabase, api: ApiClient, session: EndingSession): Promise<'done' | 'later'> {
  let current = session;
  const done = async () => {
    await replace(db, current.refreshToken, null);
    return 'done' as const;
  };
  for (let attempt = 0; ; attempt++) {
    if (current.token && !current.refreshRequestId) {
      const reply = await call(api, '/api/user/logout', { refreshToken: current.refreshToken }, current.token);
      if (isUnknownReply(reply)) return 'later';
      // A fresh token refused as well: the server takes no token of this customer any more.
      if (reply.code !== 401 || attempt > 0) return done();
    }
    // The id is stored before the refresh goes, so the same refresh can be asked again if its reply is lost.
    const requestId = current.refreshRequestId ?? newRefreshRequestId();
    if (!current.refreshRequestId) current = await replace(db, current.refreshToken, { ...current, refreshRequestId: requestId });
    const renewed = await call(api, '/api/user/refresh', { refreshToken: current.refreshToken, requestId }, null);
    if (isUnknownReply(renewed)) return 'later';
    const next = renewed.meta?.refreshToken;
    if (renewed.code !== 200 || typeof renewed.result !== 'string' || typeof next !== 'string') return done();
    current = await replace(db, current.refreshToken, { token: renewed.result, refreshToken: next, refreshRequestId: null });
  }
}

/** Never through the shop's token store: the device has signed out, these are the ended session's own tokens. */
function call(api: ApiClient, path: string, body: Record<string, string>, token: string | null): Promise<ApiEnvelope> {
  return api.request(path, { method: 'POST', body, auth: false, headers: token ? { authorization: `Bearer ${token}` } : {} });
}

/** Swaps the stored session with refresh token `refreshToken` for `next` (or drops it); returns `next`. */
async function replace<T extends EndingSession | null>(db: ShopDatabase, refreshToken: string, next: T): Promise<T> {
  await modifyLocal(db, ENDING_SESSIONS, (state) => ({
    sessions: state.sessions.flatMap((s) => (s.refreshToken !== refreshToken ? [s] : next ? [next] : [])),
  }));
  return next;
}
