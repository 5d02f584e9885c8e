import { describe, expect, it, vi } from 'vitest';
import { NetworkError } from './api-errors';
import type { ApiEnvelope, TokenStore } from './api-types';
import { TokenRefreshLock } from './token-refresh-lock';

/** A signed-in device's tokens, and the refresh requests the lock sends, each answered when the test says. */
function setup() {
  const state: { token: string | null; refreshToken: string | null } = { token: 'access-1', refreshToken: 'refresh-1' };
  const tokens: TokenStore = { read: async () => ({ ...state }), write: async (token, refreshToken) => void Object.assign(state, { token, refreshToken }) };
  const refreshes: { resolve(reply: ApiEnvelope): void; reject(error: unknown): void }[] = [];
  const onFailure = vi.fn(async () => undefined);
  const lock = new TokenRefreshLock({
    tokens,
    refresh: () => new Promise<ApiEnvelope>((resolve, reject) => refreshes.push({ resolve, reject })),
    mutex: (task) => task(),
    waitMs: 5,
    maxAttempts: 1,
    onFailure,
  });
  const signOut = () => Object.assign(state, { token: null, refreshToken: null });
  return { state, lock, refreshes, onFailure, signOut };
}

describe('TokenRefreshLock', () => {
  it('lets a request refused for the token of a session the shopper ended go again, instead of failing the lock', async () => {
    const { lock, onFailure, signOut } = setup();
    signOut();
    await expect(lock.renew('access-1')).resolves.toBe('renewed');
    expect(onFailure).not.toHaveBeenCalled();
  });

  it('lets a request that waited on a refresh go again when the shopper signed out meanwhile and the refresh could not reach the server', async () => {
    const { lock, refreshes, onFailure, signOut } = setup();
    const holder = lock.renew('access-1');
    const waiter = lock.renew('access-1');
    await vi.waitFor(() => expect(refreshes).toHaveLength(1));
    signOut();
    refreshes[0]!.reject(new NetworkError(new TypeError('fetch failed')));
    await expect(holder).resolves.toBe('offline');
    await expect(waiter).resolves.toBe('renewed');
    expect(onFailure).not.toHaveBeenCalled();
  });

  it.each([
    ['a new token', { code: 200, result: 'access-2', meta: { refreshToken: 'refresh-2' } }],
    ['a refusal (the logout revoked the session)', { code: 401, result: 'Invalid refresh token provided' }],
  ])('neither brings back nor ends a session the shopper signed out of while its refresh was on its way: %s', async (_, answer) => {
    const { state, lock, refreshes, onFailure, signOut } = setup();
    const renewing = lock.renew('access-1');
    await vi.waitFor(() => expect(refreshes).toHaveLength(1));
    signOut();
    refreshes[0]!.resolve(answer);
    await expect(renewing).resolves.toBe('renewed');
    expect(state).toEqual({ token: null, refreshToken: null });
    expect(onFailure).not.toHaveBeenCalled();
  });
});
