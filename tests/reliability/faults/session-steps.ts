import { addToCart } from '../../../src/db/cart/cart-actions';
import { cartItemFromDocument } from '../../../src/db/cart/cart-product';
import { LOCAL, readLocal } from '../../../src/db/local-state';
import type { ScenarioServer } from './scenario-server';
import { PASSWORD } from './shop-tab';
import { placeCheckout, press, review } from './order-steps';
import { cartShows } from './shopper-pace';
import { sleep, type StepContext } from './step-context';

const json = { 'content-type': 'application/json' };
/** How long a shopper waits for the saved cart to join theirs after signing in. */
const LOGIN_MERGE_WAIT_MS = 8000;
/** A shopper's pause between two sign-in tries. */
const RETRY_PAUSE_MS = 150;
/** Waits the device asks for (the server's Retry-After) the shopper sits out in one sign-in step before giving up. */
const MAX_WAITS = 3;

/** Registers the scenario's customer straight on the server (not through the faulty network). */
export async function register(server: ScenarioServer, email: string): Promise<void> {
  const reply = await fetch(`${server.url}/api/user/create`, { method: 'POST', headers: json, body: JSON.stringify({ customer: { email, firstname: 'Fay', lastname: 'Ult' }, password: PASSWORD }) });
  if (!reply.ok) throw new Error(`create ${email}: ${reply.status} ${await reply.text()}`);
}

/** Lines the customer left in their cart on an earlier visit (another device): their server cart. */
export async function saveCustomerCart(server: ScenarioServer, email: string, lines: Readonly<Record<string, number>>): Promise<void> {
  if (Object.keys(lines).length === 0) return;
  const login = await fetch(`${server.url}/api/user/login`, { method: 'POST', headers: json, body: JSON.stringify({ username: email, password: PASSWORD }) });
  const headers = { ...json, authorization: `Bearer ${((await login.json()) as { result: string }).result}` };
  const created = (await (await fetch(`${server.url}/api/cart/create`, { method: 'POST', headers: { authorization: headers.authorization } })).json()) as { code: number; result: string };
  if (created.code !== 200) throw new Error(`customer cart: ${JSON.stringify(created)}`);
  for (const [sku, qty] of Object.entries(lines)) {
    const reply = await fetch(`${server.url}/api/cart/update?cartId=${created.result}`, { method: 'POST', headers, body: JSON.stringify({ cartItem: { sku, qty } }) });
    if (!reply.ok) throw new Error(`saved cart line ${sku}: ${reply.status} ${await reply.text()}`);
  }
}

/**
 * The shopper signs in in the first tab, over whatever network there is now, trying again a few
 * times when it fails (as a person would), after the wait the device names when it names one. Still
 * out after that, the shopper signs in once the faults stop (settling does it). `pending`: what the
 * shopper started before signing in (an order's press), which they see answer before they look at the cart.
 */
export async function signInStep(ctx: StepContext, attempts = 4, pending: Promise<unknown> = Promise.resolve()): Promise<boolean> {
  const tab = ctx.browser.tabs[0]!;
  const signedIn = async () => {
    await pending;
    ctx.model.signIn();
    // The shopper looks at the cart once the saved lines have joined it (the login merge, retried over a bad network).
    if (!(await cartShows(tab, ctx.model.cart, LOGIN_MERGE_WAIT_MS))) {
      ctx.notes.push(`the cart did not show the login merge within ${LOGIN_MERGE_WAIT_MS} ms`);
      ctx.model.mergeNotSeen();
    }
    return true;
  };
  let waits = 0;
  for (let i = 1; i <= attempts; i++) {
    let pause = RETRY_PAUSE_MS;
    try {
      const signed = await tab.shop.signIn(ctx.email, PASSWORD);
      if (signed.ok) {
        if (i > 1) ctx.notes.push(`signed in at attempt ${i}`);
        return signedIn();
      }
      ctx.notes.push(`sign-in attempt ${i}: ${signed.message}${signed.retryAfterMs === undefined ? '' : ` (wait ${signed.retryAfterMs} ms)`}`);
      // The server asked for a wait (Retry-After): until it is over the device answers every press
      // itself, so a press before then is no try at all. The shopper waits it out and presses again.
      if (signed.retryAfterMs !== undefined && waits < MAX_WAITS) {
        waits++;
        pause = Math.max(pause, signed.retryAfterMs);
        i--;
      }
    } catch (error) {
      ctx.notes.push(`sign-in attempt ${i} threw ${error instanceof Error ? error.message : String(error)}`);
    }
    // A sign-in that failed after the login itself went through (the profile read failed, say) leaves the
    // session in place: the page shows the shopper signed in, so they are.
    if ((await readLocal(tab.db, LOCAL.session)).token) {
      ctx.notes.push(`signed in although attempt ${i} failed`);
      return signedIn();
    }
    await sleep(pause);
  }
  await pending;
  ctx.model.wantsSignIn = true;
  return false;
}

/**
 * A guest presses "Place the order" and signs in `afterMs` later, while the order may still be on its
 * way, with lines saved in the customer's cart: the order takes the guest's lines, and the saved
 * lines (and none of the ordered ones) are the customer's cart after the login merge.
 */
export async function signInDuringOrder(ctx: StepContext, afterMs: number): Promise<void> {
  const tab = ctx.browser.tabs[0]!;
  const started = await review(ctx, tab);
  if (!started) {
    await signInStep(ctx);
    return;
  }
  const pressing = press(ctx, tab, started);
  await sleep(afterMs);
  await signInStep(ctx, 4, pressing);
}

/**
 * A signed-in shopper orders offline (the order waits), comes back online and signs out while the
 * order may still be waiting: it must not be lost (sent first, or kept and sent after signing in again).
 */
export async function signOutWithQueued(ctx: StepContext, tabIndex: number, sku: string): Promise<void> {
  if (!ctx.model.signedIn) return;
  const settings = ctx.net.settings;
  ctx.net.settings = { ...settings, offline: true };
  for (const t of ctx.browser.tabs) t.online.set(false);
  const tab = ctx.browser.tabs[tabIndex]!;
  const added = await addToCart(tab.db, await cartItemFromDocument(tab.db, ctx.products.get(sku)!), 1);
  if (added.added) ctx.model.add(sku, 1);
  await placeCheckout(ctx, tabIndex, 1);
  ctx.net.settings = { ...settings, offline: false };
  for (const t of ctx.browser.tabs) t.online.set(true);
  await sleep(20);
  await tab.shop.signOut();
  ctx.model.signOut('signOutWithQueued');
}
