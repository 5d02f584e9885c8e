import { expectKnown, isUnknownOutcome } from '../../../replication/api/api-errors';
import type { ApiClient, TokenStore } from '../../../replication/api/api-types';
import { hasUnsentLines } from '../../../replication/cart/cart-hash';
import { withMergeOwed } from '../../../replication/cart/merge-removals';
import type { CartLine, CartState } from '../../../replication/cart/cart-types';
import { DEFAULT_CART_STATE, DEFAULT_CHECKOUT, DEFAULT_SESSION, type CurrentUser } from '../../../schemas/rx/local-documents';
import { tooManyRequestsMessage } from '../../../schemas/api/too-many-requests';
import type { ShopDatabase } from '../database-types';
import { LOCAL, modifyLocal, readLocal, readLocalFromStorage, writeLocal } from '../local-state';
import { changesOfLinesOrderedWithoutCart, mergeAddsOwedToWaitingOrders, opsOwedToWaitingOrders, strayMergeChanges, uniqueOps, waitingOrdersClaims } from '../orders/order-cart-changes';
import { forgetOrderHistory } from '../orders/order-history-cache';
import { clearPad } from '../quick-order/pad-store';
import { addNotification } from '../sync/notification-center';

/** SPEC §9: the login cookie lives 2592000 s (30 days). */
export const LOGIN_COOKIE_MAX_AGE_S = 2_592_000;
export const SESSION_MESSAGES = { loggedOut: "You're logged out" } as const;

/** The API client's view of the tokens; reads go to storage because another tab may have just refreshed them. */
export function sessionTokenStore(db: ShopDatabase): TokenStore {
  return {
    read: async () => {
      const session = await readLocalFromStorage(db, LOCAL.session);
      return { token: session.token, refreshToken: session.refreshToken, refreshRequestId: session.refreshRequestId ?? null };
    },
    write: async (token, refreshToken, refreshRequestId = null) => void (await modifyLocal(db, LOCAL.session, (s) => ({ ...s, token, refreshToken, refreshRequestId }))),
  };
}

function setLoginCookie(on: boolean): void {
  if (typeof document === 'undefined') return;
  document.cookie = on ? `shop-logged-in=1; max-age=${LOGIN_COOKIE_MAX_AGE_S}; path=/; samesite=lax` : 'shop-logged-in=; max-age=0; path=/';
}

/**
 * GET /api/user/me into the `current-user` document, with the group token and group id. A reply
 * that does not settle it (a 5xx, a time-out) throws, to be tried again; one that comes after a
 * logout, or after another sign-in on this device (its own read follows), is dropped: the profile
 * says whose session it is, and held orders go only with their own customer's.
 */
export async function loadProfile(db: ShopDatabase, api: ApiClient): Promise<CurrentUser | null> {
  const askedFor = (await readLocal(db, LOCAL.session)).sessionStartedAt;
  const reply = expectKnown(await api.request<CurrentUser & { groupToken?: string }>('/api/user/me'));
  if (reply.code !== 200) return null;
  const session = await readLocal(db, LOCAL.session);
  if (!session.token || session.sessionStartedAt !== askedFor) return null;
  const { groupToken, ...profile } = reply.result;
  await writeLocal(db, LOCAL.currentUser, profile);
  await modifyLocal(db, LOCAL.session, (s) => ({ ...s, groupToken: groupToken ?? null, groupId: typeof profile.group_id === 'number' ? profile.group_id : s.groupId }));
  return profile;
}

/** Whether a stored profile is the account `username` (an e-mail address, as the login takes it) names. */
const isProfileOf = (profile: CurrentUser | null, username: string): boolean =>
  typeof profile?.email === 'string' && profile.email.trim().toLowerCase() === username.trim().toLowerCase();

/**
 * `retryAfterMs`: the server asked for a wait before the next try (a 429 or 503 with Retry-After):
 * until it has passed, a sign-in is answered on the device with the same refusal, without reaching
 * the server (the API client's RetryAfterGate), so the next press is worth making only after it.
 */
export type SignInOutcome = { ok: true } | { ok: false; message: string; retryAfterMs?: number };

/**
 * Sign in (SPEC §4 Session): on code 200 store the access and refresh tokens, start the session,
 * set the 30-day login cookie and load the profile. On failure the user is cleared. The cart
 * merge that follows a login is the leading tab's cart sync's job: the sign-in marks it owed
 * (`withMergeOwed`), so whichever tab leads, now or after a reload, carries it out.
 */
export async function signIn(db: ShopDatabase, api: ApiClient, username: string, password: string): Promise<SignInOutcome> {
  const reply = await api.request<string>('/api/user/login', { method: 'POST', body: { username, password }, auth: false });
  const refreshToken = reply.meta?.refreshToken;
  if (reply.code !== 200 || typeof reply.result !== 'string') {
    await writeLocal(db, LOCAL.currentUser, null);
    await writeLocal(db, LOCAL.session, DEFAULT_SESSION);
    const wait = reply.meta?.retryAfterMs;
    const message = reply.code === 429 && typeof wait === 'number' ? tooManyRequestsMessage(Math.max(1, Math.ceil(wait / 1000))) : typeof reply.result === 'string' ? reply.result : 'Unexpected authorization error';
    return typeof wait === 'number' ? { ok: false, message, retryAfterMs: wait } : { ok: false, message };
  }
  // The profile says whose session it is (held orders go only with their own customer's): one kept
  // from a session this sign-in replaces must not speak for another customer until theirs is loaded.
  // The same customer signing in again (after a password change) keeps it, and the screen showing it.
  if (!isProfileOf(await readLocal(db, LOCAL.currentUser), username)) await writeLocal(db, LOCAL.currentUser, null);
  await writeLocal(db, LOCAL.session, { ...DEFAULT_SESSION, token: reply.result, refreshToken: typeof refreshToken === 'string' ? refreshToken : null, sessionStartedAt: Date.now() });
  // After the token: a sync that saw the merge owed before the session would end it as signed out.
  await modifyLocal(db, LOCAL.cartState, withMergeOwed);
  await closeSignUpModal(db);
  setLoginCookie(true);
  // Signed in once the tokens are stored: a profile read that fails does not undo that (the shopper
  // would sign in again over a live session); the leading tab reads it again (profile-keeper.ts).
  await loadProfile(db, api).catch((error: unknown) => {
    if (!isUnknownOutcome(error)) throw error;
  });
  return { ok: true };
}

/** The sign-up modal opened after a failed token refresh is closed, in every tab. */
export async function closeSignUpModal(db: ShopDatabase): Promise<void> {
  await modifyLocal(db, LOCAL.ui, (ui) => ({ ...ui, signUpModal: false }));
}

/**
 * The customer cart's lines to keep past a logout: only when they differ from what the server has
 * (see `CartState.signedOutCart`). While the login merge is unfinished only the removals made during
 * it: the server lines the device lacks then are saved lines not merged yet, not lines the shopper removed.
 */
function unsentCustomerCart(state: CartState, lines: CartLine[]): CartState['signedOutCart'] {
  if (!state.token || !state.customerCart) return null;
  if (state.mergePending) return removedWhileMerging(state, lines);
  if (!hasUnsentLines(state, lines)) return null;
  // Changes kept for an order's cart (`cartId`) are the order's, not the shopper's removals.
  const last = new Map(state.pendingOps.filter((op) => op.cartId === undefined).map((op) => [op.key, op.type]));
  return { cartId: state.token, lines, removed: [...last].filter(([, type]) => type === 'remove').map(([key]) => key) };
}

/**
 * The lines the shopper removed while the login merge was pending (`CartState.removedWhileMerging`,
 * gone from the device): the merge would have deleted them from the customer cart, saved quantity
 * and all. Kept past the logout they still are, at the next login; the lines the device holds are
 * not kept, as the merge had not summed them yet.
 */
function removedWhileMerging(state: CartState, lines: CartLine[]): CartState['signedOutCart'] {
  const held = new Set(lines.map((line) => line.id));
  const removed = state.removedWhileMerging.filter((key) => !held.has(key));
  return removed.length > 0 && state.token ? { cartId: state.token, lines: [], removed } : null;
}

/**
 * Logout (SPEC §4): ends the session, disconnects and clears the cart (the server cart stays for the
 * next login), clears the user, wishlist, compare, saved checkout details, the kept order history and the quick order pad.
 * "You're logged out" unless silent.
 */
export async function signOut(db: ShopDatabase, options: { silent?: boolean } = {}): Promise<void> {
  await writeLocal(db, LOCAL.session, DEFAULT_SESSION);
  await writeLocal(db, LOCAL.currentUser, null);
  await writeLocal(db, LOCAL.checkout, DEFAULT_CHECKOUT);
  await forgetOrderHistory(db);
  await clearPad(db);
  const lines = db.collections.cart ? (await db.cart.find().exec()).map((d) => d.toMutableJSON()) : [];
  const waiting = await waitingOrdersClaims(db);
  await modifyLocal(db, LOCAL.cartState, (s) => ({
    ...DEFAULT_CART_STATE,
    minicartOpen: s.minicartOpen,
    signedOutCart: unsentCustomerCart(s, lines) ?? s.signedOutCart,
    // An order still waiting takes from its cart what these changes put there: they go before it, after the next login.
    opsForWaitingOrders: uniqueOps([
      ...opsOwedToWaitingOrders(s, waiting.carts),
      ...mergeAddsOwedToWaitingOrders(s, waiting.changes),
      ...strayMergeChanges(s, new Set(lines.map((line) => line.id))),
      ...changesOfLinesOrderedWithoutCart(s),
    ]),
  }));
  if (db.collections.cart) await db.cart.find().remove();
  if (db.collections.lists) await db.lists.find({ selector: { list: { $in: ['wishlist', 'compare'] } } }).remove();
  setLoginCookie(false);
  if (!options.silent && db.collections.notifications) await addNotification(db, { type: 'success', message: SESSION_MESSAGES.loggedOut });
}

/**
 * The refresh lock failed (SPEC §4 Token refresh): the shopper is logged out silently, the tasks not
 * yet sent are dropped (they carried the old identity) and the sign-up modal is shown.
 */
export async function endSessionAfterTokenFailure(db: ShopDatabase): Promise<void> {
  await signOut(db, { silent: true });
  if (db.collections.sync_tasks) await db.sync_tasks.find({ selector: { transmited: false } }).remove();
  await modifyLocal(db, LOCAL.ui, (ui) => ({ ...ui, signUpModal: true }));
}
