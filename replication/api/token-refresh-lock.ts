import { isNetworkError } from './api-errors';
import type { ApiEnvelope, TokenStore } from './api-types';
import { sleep } from './api-types';
import type { Mutex } from './refresh-mutex';

export type RenewOutcome = 'renewed' | 'failed' | 'offline';

export interface TokenRefreshLockOptions {
  tokens: TokenStore;
  /** POST /api/user/refresh {refreshToken}. */
  refresh(refreshToken: string): Promise<ApiEnvelope>;
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
    if (this.running) {
      await this.waitWhileHeld();
      return (await this.options.tokens.read()).token ? 'renewed' : 'failed';
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
    const { token, refreshToken } = await this.options.tokens.read();
    // Another tab (or request) refreshed while this one waited for the mutex.
    if (token && token !== refusedToken) return 'renewed';
    if (!token || !refreshToken) return this.fail('refused');
    if (this.attempts >= this.options.maxAttempts) return this.fail('attempts');
    this.attempts++;
    let reply: ApiEnvelope;
    try {
      reply = await this.options.refresh(refreshToken);
    } catch (error) {
      this.attempts--;
      if (isNetworkError(error)) return 'offline';
      return this.fail('refused');
    }
    const next = reply.meta?.refreshToken;
    if (reply.code === 200 && typeof reply.result === 'string' && reply.result !== '') {
      await this.options.tokens.write(reply.result, typeof next === 'string' ? next : refreshToken);
      this.attempts = 0;
      return 'renewed';
    }
    return this.fail('refused');
  }

  private async fail(reason: 'refused' | 'attempts'): Promise<RenewOutcome> {
    this.attempts = 0;
    await this.options.onFailure(reason);
    return 'failed';
  }
}
