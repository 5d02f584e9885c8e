import { isUnknownOutcome, isUnknownReply } from './api-errors';
import type { ApiEnvelope, TokenStore } from './api-types';
import { sleep } from './api-types';
import type { Mutex } from './refresh-mutex';

export type RenewOutcome = 'renewed' | 'failed' | 'offline';

export interface TokenRefreshLockOptions {
  tokens: TokenStore;
  /** POST /api/user/refresh {refreshToken, requestId}. */
  refresh(refreshToken: string, requestId: string): Promise<ApiEnvelope>;
  mutex: Mutex;
  /** SPEC §9: tasks wait 1000 ms and retry while a lock is held. */
  waitMs: number;
  /** Refresh attempts before the lock fails; the count starts again after every successful refresh. */
  maxAttempts: number;
  /** Silent logout, untransmitted tasks cleared, sign-up modal (SPEC §4). */
  onFailure(reason: 'refused' | 'attempts'): Promise<void>;
}

/**
 * The token-refresh lock of SPEC §4. A 401 with a token takes the lock and refreshes once; requests
 * that meet a held lock wait and retry every second. Unlike the reference system the attempt counter
 * is reset after each successful refresh, so a long session survives any number of expiries.
 */
export class TokenRefreshLock {
  private running: Promise<RenewOutcome> | null = null;
  private attempts = 0;

  constructor(private readonly options: TokenRefreshLockOptions) {}

  get held(): boolean {
    return this.running !== null;
  }

  /** Polls (SPEC: every 1 s) until no refresh is running. */
  async waitWhileHeld(): Promise<void> {
    while (this.running) await sleep(this.options.waitMs);
  }

  /** Called with the token a request was refused with; resolves when it is worth retrying (or not). */
  async renew(refusedToken: string): Promise<RenewOutcome> {
    const running = this.running;
    if (running) {
      await this.waitWhileHeld();
      // The run has settled (it is no longer held); a throw there is the holder's to report.
      const held = await running.catch((): RenewOutcome => 'offline');
      const { token } = await this.options.tokens.read();
      // A session the refresh failed has been ended (onFailure ran): the request fails with it.
      if (held === 'failed' && token === null) return 'failed';
      // Refreshed, or the tokens changed some other way (a new sign-in, a sign-out): the request goes as the device is now.
      if (token !== refusedToken) return 'renewed';
      // Still the refused token: the refresh did not reach the server (or failed), and nor does this request.
      return held;
    }
    const run = this.options.mutex(() => this.renewOnce(refusedToken));
    this.running = run;
    try {
      return await run;
    } finally {
      this.running = null;
    }
  }

  private async renewOnce(refusedToken: string): Promise<RenewOutcome> {
    const { token, refreshToken, refreshRequestId } = await this.options.tokens.read();
    // Another tab (or request) refreshed while this one waited for the mutex, or the shopper signed
    // out: a 401 for a token the device no longer holds is no refresh failure (ending the session
    // again would drop the queued tasks and show the sign-up modal to a shopper who chose to leave);
    // the request goes again as the device is now.
    if (token !== refusedToken) return 'renewed';
    if (!refreshToken) return this.fail('refused');
    if (this.attempts >= this.options.maxAttempts) return this.fail('attempts');
    // The id is stored before the request goes: if its reply is lost (even across a reload), the
    // retry carries the same id and the server answers it instead of revoking the session.
    const requestId = refreshRequestId ?? newRefreshRequestId();
    if (!refreshRequestId) await this.options.tokens.write(token, refreshToken, requestId);
    this.attempts++;
    let reply: ApiEnvelope;
    try {
      reply = await this.options.refresh(refreshToken, requestId);
    } catch (error) {
      this.attempts--;
      if (isUnknownOutcome(error)) return 'offline';
      throw error;
    }
    // The shopper signed out (or in again) while the refresh was on its way: its answer is about a
    // session the device no longer holds, so a new token must not bring that session back, nor a
    // refusal (the logout revoked it) end the one there is now; the request goes as the device is now.
    if ((await this.options.tokens.read()).refreshToken !== refreshToken) {
      this.attempts--;
      return 'renewed';
    }
    // A 5xx or 429 says nothing about the refresh token: the session goes on and the refresh is retried.
    if (isUnknownReply(reply)) {
      this.attempts--;
      return 'offline';
    }
    const next = reply.meta?.refreshToken;
    if (reply.code === 200 && typeof reply.result === 'string' && reply.result !== '') {
      await this.options.tokens.write(reply.result, typeof next === 'string' ? next : refreshToken, null);
      this.attempts = 0;
      return 'renewed';
    }
    // Only the server saying the refresh token is no good ends the session.
    return this.fail('refused');
  }

  private async fail(reason: 'refused' | 'attempts'): Promise<RenewOutcome> {
    this.attempts = 0;
    await this.options.onFailure(reason);
    return 'failed';
  }
}

/** 32 url-safe characters, unguessable. */
export function newRefreshRequestId(): string {
  return crypto.randomUUID().replace(/-/g, '');
}
