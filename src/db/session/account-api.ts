import type { ApiEnvelope, RequestOptions } from '../../../replication/api/api-types';
import { MESSAGES as API_MESSAGES, isUnknownOutcome } from '../../../replication/api/api-errors';
import type { ApiCustomer } from '../../../schemas/api/user';
import type { CurrentUser } from '../../../schemas/rx/local-documents';
import { LOCAL, readLocal } from '../local-state';
import { addNotification } from '../sync/notification-center';
import { loadProfile } from './session';
import type { LocalShop } from '../start-local-database';

/** The account calls of SPEC §7 "User" on the shop's API client (token refresh lock included). */

export type Outcome = { ok: true } | { ok: false; message: string };

export const ACCOUNT_MESSAGES = {
  updated: 'Account data has successfully been updated',
  passwordChanged: 'Password has successfully been changed',
  resetOffline: 'Reset password feature does not work while offline!',
  resetFailed: 'Error while sending reset password e-mail',
  unknownEmail: 'Provided email does not exist',
} as const;

/** A reply, or code 0 with "Check your Network conection." when the server could not be reached. */
export async function callApi<T>(shop: LocalShop, path: string, options: RequestOptions = {}): Promise<ApiEnvelope<T | string>> {
  try {
    return await shop.sync.api.request<T>(path, options);
  } catch (error) {
    if ((error as { name?: string }).name === 'AbortError') throw error;
    return { code: 0, result: error instanceof Error && error.message ? error.message : API_MESSAGES.network };
  }
}

const failure = (reply: ApiEnvelope<unknown>, fallback: string): Outcome => ({ ok: false, message: typeof reply.result === 'string' && reply.result ? reply.result : fallback });

/** The result of a read for TanStack Query: the server's message becomes the thrown error. */
export async function readApi<T>(shop: LocalShop, path: string, options: RequestOptions = {}): Promise<T> {
  const reply = await callApi<T>(shop, path, options);
  if (reply.code !== 200) throw new Error(typeof reply.result === 'string' ? reply.result : `HTTP ${reply.code}`);
  return reply.result as T;
}

/** Register through POST /api/user/create, then sign in with the same credentials. */
export async function registerAndSignIn(shop: LocalShop, input: { email: string; firstName: string; lastName: string; password: string }): Promise<Outcome> {
  const reply = await callApi<ApiCustomer>(shop, '/api/user/create', {
    method: 'POST',
    auth: false,
    body: { customer: { email: input.email, firstname: input.firstName, lastname: input.lastName, addresses: [] }, password: input.password },
  });
  if (reply.code !== 200) return failure(reply, API_MESSAGES.network);
  return shop.sync.signIn(input.email, input.password);
}

/** POST /api/user/reset-password. Offline it is refused at once (SPEC §8). */
export async function requestPasswordReset(shop: LocalShop, email: string, online = navigator.onLine): Promise<Outcome> {
  if (!online) return { ok: false, message: ACCOUNT_MESSAGES.resetOffline };
  const reply = await callApi<boolean>(shop, '/api/user/reset-password', { method: 'POST', auth: false, body: { email } });
  if (reply.code === 200) return { ok: true };
  // The server's reason when it gives one the shopper can act on; else the generic SPEC message.
  if (reply.result === ACCOUNT_MESSAGES.unknownEmail || reply.code === 429 || reply.code === 0) return failure(reply, ACCOUNT_MESSAGES.resetFailed);
  return { ok: false, message: ACCOUNT_MESSAGES.resetFailed };
}

/** POST /api/user/create-password with the mailed token, then sign in with the new password. */
export async function createPassword(shop: LocalShop, input: { email: string; resetToken: string; newPassword: string }): Promise<Outcome> {
  const reply = await callApi<boolean>(shop, '/api/user/create-password', { method: 'POST', auth: false, body: input });
  if (reply.code !== 200) return failure(reply, ACCOUNT_MESSAGES.resetFailed);
  return shop.sync.signIn(input.email, input.newPassword);
}

/**
 * POST /api/user/change-password. The server ends every session, so the shopper is signed in again
 * with the new password (SPEC §8); on an error the server's message is shown.
 */
export async function changePassword(shop: LocalShop, currentPassword: string, newPassword: string): Promise<Outcome> {
  const email = (await readLocal(shop.db, LOCAL.currentUser))?.email;
  const reply = await callApi<boolean>(shop, '/api/user/change-password', { method: 'POST', body: { currentPassword, newPassword } });
  if (reply.code !== 200) return failure(reply, API_MESSAGES.network);
  if (!email) return { ok: false, message: API_MESSAGES.network };
  const again = await shop.sync.signIn(email, newPassword);
  if (!again.ok) return again;
  await addNotification(shop.db, { type: 'success', message: ACCOUNT_MESSAGES.passwordChanged });
  return { ok: true };
}

/**
 * The signed-in customer's stored profile, else GET /api/user/me. Sign-in stores the token before it
 * reads the profile, so a page left in between (a reload, a link followed) has a session without one.
 */
export async function ensureProfile(shop: LocalShop): Promise<CurrentUser | null> {
  return (await readLocal(shop.db, LOCAL.currentUser)) ?? loadProfile(shop.db, shop.sync.api);
}

/**
 * POST /api/user/me (names, e-mail and/or the full address list), then the profile is read again. A
 * new e-mail address goes with the current password: the server changes it only with that.
 */
export async function updateProfile(
  shop: LocalShop,
  customer: { firstname?: string; lastname?: string; email?: string; addresses?: Record<string, unknown>[] },
  currentPassword?: string,
): Promise<Outcome> {
  const reply = await callApi<ApiCustomer>(shop, '/api/user/me', { method: 'POST', body: { customer, ...(currentPassword ? { currentPassword } : {}) } });
  if (reply.code !== 200) return failure(reply, API_MESSAGES.network);
  // The change is made: a read of it that does not come back leaves the old profile shown, not an error.
  await loadProfile(shop.db, shop.sync.api).catch((error: unknown) => {
    if (!isUnknownOutcome(error)) throw error;
  });
  await addNotification(shop.db, { type: 'success', message: ACCOUNT_MESSAGES.updated });
  return { ok: true };
}

/** Newsletter subscription of the account's e-mail (SPEC §7 under /api/ext). */
/** `pending`: subscribing mailed a confirmation link (double opt-in); the address is not subscribed until it is used. */
export async function setNewsletter(shop: LocalShop, email: string, subscribed: boolean): Promise<Outcome & { pending?: boolean }> {
  const reply = await callApi<string>(shop, '/api/ext/newsletter', { method: subscribed ? 'POST' : 'DELETE', body: { email } });
  return reply.code === 200 ? { ok: true, pending: reply.result === 'confirmation-sent' } : failure(reply, API_MESSAGES.network);
}
