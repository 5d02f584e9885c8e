import type { Browser, BrowserContext, Locator, Page, Request, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isOrderPost, serverOrderById, watchOrderPosts } from './helpers/order-requests';
import type { Shop } from './helpers/shop';
import { scaled } from '../tests/helpers/time-limits';
import { DESKTOP, productDoc } from './browse-support';
import { addButton, cartCount, closeShopAndBrowser, logIn, LONG, openProduct, openShopAndBrowser, openSyncPanel, registeredCustomer, serverOrders, SIMPLE, urlOf } from './sync-support';
import { waitForServiceWorker } from './helpers/service-worker';

let shop: Shop;
let browser: Browser;
beforeAll(async () => void ([shop, browser] = await openShopAndBrowser()), scaled(300_000));
afterAll(() => closeShopAndBrowser(shop, browser));

const PASSWORD = 'Offline-pass-123';
const WAITING_TITLE = 'Order waiting!';
const WAITING_BODY = 'Click here to confirm the order that you made offline.';

interface Customer {
  context: BrowserContext;
  page: Page;
  /** The customer's orders as the server has them. */
  orders: () => Promise<Record<string, unknown>[]>;
}

/** A signed-in customer in a fresh browser profile, on the product page. */
async function customer(name: string): Promise<Customer> {
  const email = `${name}-${Date.now()}@example.com`;
  const token = await registeredCustomer(shop.url, email, PASSWORD);
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await openProduct(page, shop.url, urlOf(await productDoc(shop.url, SIMPLE)));
  await logIn(page, email, PASSWORD);
  return { context, page, orders: async () => serverOrders(shop.url, await token()) };
}

async function addOne(page: Page): Promise<void> {
  const before = await cartCount(page);
  await addButton(page).click();
  await expect.poll(() => cartCount(page), LONG).toBe(before + 1);
}

const fill = async (page: Page, values: Record<string, string>) => {
  for (const [id, value] of Object.entries(values)) await page.locator(`#${id}`).fill(value);
};

/** Waits for a checkout step's control; if it does not come, the failure report says what the checkout showed instead. */
async function stepShows(page: Page, control: Locator): Promise<void> {
  await expect.poll(() => control.count(), LONG).toBe(1).catch(async (error: unknown) => {
    console.log(`the checkout at ${page.url()} showed:\n${await page.locator('main').innerText().catch(String)}`);
    throw error;
  });
}

/** Opens the checkout and goes through its steps up to the review, with the terms accepted. */
async function openReview(page: Page, between?: () => Promise<void>): Promise<void> {
  await page.goto(`${shop.url}/checkout`);
  await stepShows(page, page.locator('#checkout-personal-firstName'));
  await between?.();
  await fill(page, { 'checkout-personal-firstName': 'Sam', 'checkout-personal-lastName': 'Site' });
  await page.getByRole('button', { name: 'Continue to shipping' }).click();
  await stepShows(page, page.locator('#checkout-shipping-streetAddress'));
  await fill(page, { 'checkout-shipping-firstName': 'Sam', 'checkout-shipping-lastName': 'Site', 'checkout-shipping-streetAddress': '1 High Street', 'checkout-shipping-city': 'Leeds', 'checkout-shipping-zipCode': 'LS1 4AP' });
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByRole('button', { name: 'Review the order' }).click();
  await stepShows(page, page.getByRole('button', { name: 'Place the order' }));
  await page.getByLabel('I accept the terms and conditions').check();
}

const thankYou = (page: Page) => page.getByRole('heading', { name: 'Thank you for your order!' }).count();

/** Opens the checkout and places the order. */
async function checkOut(page: Page, between?: () => Promise<void>): Promise<void> {
  await openReview(page, between);
  await page.getByRole('button', { name: 'Place the order' }).click();
  await expect.poll(() => thankYou(page), LONG).toBe(1);
}

/** The thank-you page closes (the shopper carries on shopping), so queued orders wait for a confirmation. */
async function leaveThankYou(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Continue shopping' }).click();
  await expect.poll(() => page.getByRole('heading', { name: 'Thank you for your order!' }).count(), LONG).toBe(0);
}

const panelWaiting = (page: Page) => page.locator('dialog[open] .sync-orders-waiting li').count();
const panelSent = (page: Page) => page.locator('dialog[open] .sync-sent li').allTextContents();
const closePanel = (page: Page) => page.keyboard.press('Escape');

describe('ordering offline', () => {
  it('an order placed offline goes once the connection returns: one order on the server, with its number in the panel and the order history', { timeout: scaled(300_000) }, async () => {
    const { context, page, orders } = await customer('offline');
    await addOne(page);
    await checkOut(page, () => context.setOffline(true));
    await expect.poll(() => page.locator('.checkout-queued').count(), LONG).toBe(1);
    await openSyncPanel(page);
    await expect.poll(() => panelWaiting(page), LONG).toBe(1);
    expect(await page.locator('dialog[open] .sync-orders-waiting li').textContent()).toMatch(/^Order placed \d/);
    await closePanel(page);
    expect(await orders()).toEqual([]);

    // Back online with the thank-you page open: it is sent at once, and its number appears.
    await context.setOffline(false);
    await expect.poll(() => page.locator('.checkout-order-number').textContent(), LONG).toMatch(/^Your order number is \d+\.$/);
    const number = /(\d+)/.exec((await page.locator('.checkout-order-number').textContent()) ?? '')![1]!;
    const onServer = await orders();
    expect(onServer.map((o) => o.increment_id)).toEqual([number]);

    await openSyncPanel(page);
    await expect.poll(() => panelWaiting(page), LONG).toBe(0);
    const sent = await panelSent(page);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(new RegExp(`^Order #${number}.*Placed .+, sent .+$`));
    await closePanel(page);

    await page.goto(`${shop.url}/my-account/orders`);
    await expect.poll(() => page.locator('td', { hasText: number }).count(), LONG).toBeGreaterThan(0);
    await context.close();
  });

  it('with automatic transmission off, "Order waiting!" asks first: confirmed, the order goes; cancelled, it is deleted', { timeout: scaled(300_000) }, async () => {
    const { context, page, orders } = await customer('waiting');
    const posts = watchOrderPosts(page);
    await openSyncPanel(page);
    // On by default; this shopper turns it off to be asked.
    const setting = page.getByLabel('Send orders made offline automatically when the connection returns');
    expect(await setting.isChecked()).toBe(true);
    await setting.uncheck();
    await expect.poll(() => setting.isChecked()).toBe(false);
    await closePanel(page);

    // Confirmed from the notification.
    await addOne(page);
    await checkOut(page, () => context.setOffline(true));
    await leaveThankYou(page);
    await context.setOffline(false);
    const notice = page.locator('.notification', { hasText: WAITING_TITLE });
    await expect.poll(() => notice.count(), LONG).toBe(1);
    await notice.getByRole('button', { name: WAITING_BODY }).click();
    await expect.poll(async () => (await orders()).length, LONG).toBe(1);
    await expect.poll(() => notice.count(), LONG).toBe(0);

    // Cancelled from the sync panel: nothing reaches the server and the queued order is gone.
    // Waits for the local database too: a click on "Add to cart" before it opens only says "Loading…".
    await openProduct(page, shop.url, urlOf(await productDoc(shop.url, SIMPLE)));
    await addOne(page);
    await checkOut(page, () => context.setOffline(true));
    await leaveThankYou(page);
    await context.setOffline(false);
    await expect.poll(() => notice.count(), LONG).toBe(1);
    await openSyncPanel(page);
    await expect.poll(() => panelWaiting(page), LONG).toBe(1);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.locator('dialog[open]').getByRole('button', { name: 'Cancel the orders' }).click();
    await expect.poll(() => panelWaiting(page), LONG).toBe(0);
    await expect.poll(() => notice.count(), LONG).toBe(0);
    expect(await panelSent(page)).toHaveLength(1);
    // Still gone after a reload (deleted from the database, not only hidden), and never sent.
    await page.reload();
    await openSyncPanel(page);
    await expect.poll(() => panelSent(page), LONG).toHaveLength(1);
    expect(await panelWaiting(page)).toBe(0);
    // Nothing waits and no push is open: no later request can place the cancelled order.
    await expect.poll(() => posts.inFlight(), LONG).toBe(0);
    expect(await orders()).toHaveLength(1);
    await context.close();
  });

  it('the network dropped and restored 20 times during checkout and sending: still exactly one order', { timeout: scaled(300_000) }, async () => {
    const { context, page, orders } = await customer('flaky');
    await openSyncPanel(page);
    await page.getByLabel('Send orders made offline automatically when the connection returns').check();
    await closePanel(page);
    await addOne(page);
    const posts = watchOrderPosts(page);
    // The checkout is opened by a page load while the connection drops: once installed, the service
    // worker answers that load from its precache. Installing it (a first visit) must finish first.
    await waitForServiceWorker(page, LONG.timeout);
    // Ten drops while the checkout opens and its steps are filled in, each meeting a request of the page.
    // How many a load meets depends on how its requests bunch up, so the shopper reloads the flaky
    // checkout until ten have.
    const drops = dropOnRequests(context, page, DROPS_PER_PHASE);
    await openReview(page, async () => {
      while (drops.made() < DROPS_PER_PHASE) {
        await page.reload();
        await stepShows(page, page.locator('#checkout-personal-firstName'));
      }
    });
    expect(await drops.stop()).toBe(DROPS_PER_PHASE);
    // Ten more while the order is sent: each reaches the shop, and the connection drops before its reply.
    const lost = await loseOrderReplies(context, page, DROPS_PER_PHASE);
    await page.getByRole('button', { name: 'Place the order' }).click();
    await expect.poll(() => thankYou(page), LONG).toBe(1);
    await expect.poll(lost, LONG).toBe(DROPS_PER_PHASE);
    await expect.poll(async () => (await orders()).length, LONG).toBe(1);
    await openSyncPanel(page);
    await expect.poll(() => panelWaiting(page), LONG).toBe(0);
    expect(await panelSent(page)).toHaveLength(1);
    // Every push carried the same order id, so retries could not make a second order.
    expect(posts.ids.length).toBeGreaterThan(DROPS_PER_PHASE);
    expect(new Set(posts.ids).size).toBe(1);
    // Nothing waits and no push is open: no later request can add a second order.
    await expect.poll(() => posts.inFlight(), LONG).toBe(0);
    expect(await orders()).toHaveLength(1);
    await context.close();
  });
});

const DROPS_PER_PHASE = 10;

/**
 * Drops the connection each time the page sends a request, and restores it once that request has
 * settled (failed, or answered before the drop took hold): every drop meets the page at work, at
 * whatever pace the machine runs it. At most `most` drops; stop() ends it and gives how many were made.
 */
function dropOnRequests(context: BrowserContext, page: Page, most: number): { made: () => number; stop: () => Promise<number> } {
  let take: ((request: Request | null) => void) | null = null;
  let release: (() => void) | null = null;
  let stopped = false;
  const onRequest = (request: Request) => {
    if (request.resourceType() === 'eventsource') return; // a stream stays open: it never settles
    take?.(request);
  };
  page.on('request', onRequest);
  let made = 0;
  const done = (async () => {
    while (!stopped && made < most) {
      const request = await new Promise<Request | null>((resolve) => (take = resolve));
      take = null;
      if (!request) break;
      await context.setOffline(true);
      made++;
      // A request the drop left hanging settles at stop() at the latest.
      await Promise.race([request.response().catch(() => null), new Promise<void>((resolve) => (release = resolve))]);
      await context.setOffline(false);
    }
    page.off('request', onRequest);
    return made;
  })();
  return {
    made: () => made,
    stop: () => {
      stopped = true;
      take?.(null);
      release?.();
      return done;
    },
  };
}

/**
 * The first `count` order requests reach the shop, which acts on them, but the connection drops before
 * the reply: the device hears nothing and sends the order again when it is back. Gives the count so far.
 */
async function loseOrderReplies(context: BrowserContext, page: Page, count: number): Promise<() => number> {
  let lost = 0;
  await page.route((url) => url.pathname === '/api/order', async (route) => {
    if (lost >= count || !isOrderPost(route.request())) return route.fallback();
    lost++;
    await route.fetch();
    await context.setOffline(true);
    await route.abort('internetdisconnected');
    await context.setOffline(false);
  });
  return () => lost;
}

/** The cart count in the header of the home page (the checkout's own layout has no cart button). */
async function cartCountOnHome(page: Page): Promise<number> {
  await page.goto(`${shop.url}/`);
  await expect.poll(() => page.locator('.cart-button[data-shop-ready=true]').count(), LONG).toBe(1);
  return cartCount(page);
}

const EMPTY_CART = 'Shopping cart is empty. Please add some products before entering Checkout.';
/** The client's own time-out on every request (DEFAULT_TIMEOUT_MS), and room for a loaded machine. */
const PAST_THE_TIME_OUT = {
  get timeout() {
    return 20_000 + scaled(40_000);
  },
};

const HANGS = [
  { kind: 'never reaches the server', forward: false },
  { kind: 'reaches the server, but its reply never comes back', forward: true },
];

describe('an order request that hangs', () => {
  for (const { kind, forward } of HANGS) {
    it(`(${kind}): a second press, the time-out and a reload still make one order, under the id the device shows`, { timeout: scaled(300_000) }, async () => {
      const { context, page, orders } = await customer(forward ? 'lost-reply' : 'hung');
      await addOne(page);
      const posts = watchOrderPosts(page);
      let hanging = true;
      const held: Route[] = [];
      const forwarded: Promise<{ status: number; body: string }>[] = [];
      await page.route((url) => url.pathname === '/api/order', async (route) => {
        if (!hanging || !isOrderPost(route.request())) return route.fallback();
        held.push(route);
        // The shop gets the order and places it; its reply is dropped, so the page hears nothing.
        if (forward) forwarded.push(route.fetch().then(async (reply) => ({ status: reply.status(), body: await reply.text() })));
      });

      await openReview(page);
      await page.getByRole('button', { name: 'Place the order' }).click();
      await expect.poll(() => held.length, LONG).toBe(1);
      const placing = page.getByRole('button', { name: 'Placing the order…' });
      await expect.poll(() => placing.count(), LONG).toBe(1);
      expect(await placing.isDisabled()).toBe(true);
      // Pressed again while the order hangs, every way a page can: none of them may send a second order.
      await placing.click({ force: true });
      await placing.evaluate((button: HTMLButtonElement) => {
        button.click();
        button.form?.requestSubmit();
      });
      await page.getByLabel('I accept the terms and conditions').press('Enter');

      // The client gives up on its time-out: the order is placed on the device, waiting to be sent.
      await expect.poll(() => page.locator('.checkout-queued').count(), PAST_THE_TIME_OUT).toBe(1);
      expect(await thankYou(page)).toBe(1);
      await openSyncPanel(page);
      await expect.poll(() => panelWaiting(page), LONG).toBe(1);
      const deviceId = (await page.locator('dialog[open] .sync-orders-waiting li').getAttribute('data-order-id')) ?? '';
      await closePanel(page);
      expect(deviceId).not.toBe('');
      expect(new Set(posts.ids)).toEqual(new Set([deviceId]));
      const replies = await Promise.all(forwarded);
      // The server's own replies: a refusal here names its reason in the failure report.
      expect(replies.map((r) => r.status), JSON.stringify(replies)).toEqual(forward ? forwarded.map(() => 200) : []);
      expect((await orders()).map((o) => o.order_id)).toEqual(forward ? [deviceId] : []);

      // The requests go through again, and the shopper reloads the page.
      hanging = false;
      await Promise.all(held.splice(0).map((route) => route.abort('connectionreset').catch(() => undefined)));
      await page.reload();
      // The ordered line left the cart: the checkout has nothing left to order.
      await expect.poll(() => page.locator('.checkout-empty').textContent(), LONG).toContain(EMPTY_CART);

      // Sent by the device (after the shopper's confirmation, when it asks for one).
      const notice = page.locator('.notification', { hasText: WAITING_TITLE });
      const sentHere = () => page.locator(`dialog[open] .sync-sent li[data-order-id="${deviceId}"]`).count();
      await openSyncPanel(page);
      await expect.poll(async () => (await sentHere()) + (await notice.count()), LONG).toBeGreaterThan(0);
      if ((await sentHere()) === 0) {
        await closePanel(page);
        await notice.getByRole('button', { name: WAITING_BODY }).click();
        await openSyncPanel(page);
      }
      await expect.poll(sentHere, LONG).toBe(1);
      await expect.poll(() => panelWaiting(page), LONG).toBe(0);
      await expect.poll(() => posts.inFlight(), LONG).toBe(0);
      const later = await Promise.all(forwarded);
      expect(later.map((r) => r.status), JSON.stringify(later)).toEqual(forwarded.map(() => 200));

      const onServer = await orders();
      expect(onServer.map((o) => o.order_id)).toEqual([deviceId]);
      expect(new Set(posts.ids)).toEqual(new Set([deviceId]));
      expect(await page.locator(`dialog[open] .sync-sent li[data-order-id="${deviceId}"]`).textContent()).toContain(`Order #${String(onServer[0]!.increment_id)}`);
      expect((await serverOrderById(shop.url, deviceId))?.increment_id).toBe(onServer[0]!.increment_id);
      await closePanel(page);
      expect(await cartCountOnHome(page)).toBe(0);
      await context.close();
    });
  }
});

describe('an order request that hangs once', () => {
  it('goes again on its own while the thank-you page stays open: no reload, no network change, one order', { timeout: scaled(300_000) }, async () => {
    const { context, page, orders } = await customer('retried');
    await addOne(page);
    const posts = watchOrderPosts(page);
    const held: Route[] = [];
    await page.route((url) => url.pathname === '/api/order', (route) => {
      if (held.length > 0 || !isOrderPost(route.request())) return route.fallback();
      held.push(route); // the first order request is never answered; the next ones go through
    });
    await openReview(page);
    await page.getByRole('button', { name: 'Place the order' }).click();
    // Past the time-out the order is queued and the thank-you page opens; the page opening sends the
    // queued order at once (SPEC §4), so the "queued" line may show only for a moment.
    await expect.poll(() => page.locator('.checkout-thank-you').count(), PAST_THE_TIME_OUT).toBe(1);
    // DESIGN: the leader retries queued work (on the thank-you page opening, and on a backoff timer);
    // the thank-you page being open, the order goes without asking, and its number appears.
    await expect.poll(() => page.locator('.checkout-order-number').count(), { ...LONG, message: 'the order queued by the time-out was never sent again' }).toBe(1);
    await expect.poll(() => posts.inFlight(), LONG).toBe(0);
    const onServer = await orders();
    expect(onServer).toHaveLength(1);
    expect(new Set(posts.ids)).toEqual(new Set([onServer[0]!.order_id]));
    expect(await page.locator('.checkout-order-number').textContent()).toBe(`Your order number is ${String(onServer[0]!.increment_id)}.`);
    await context.close();
  });
});

describe('two tabs on one checkout', () => {
  it('both on the review step, both press "Place the order": one order on the server, shown by both', { timeout: scaled(300_000) }, async () => {
    const { context, page: first, orders } = await customer('two-tabs');
    await addOne(first);
    const second = await context.newPage();
    const posts = watchOrderPosts(first, second);
    await openReview(first);
    await openReview(second);
    // Both press at the same moment on the machine's clock (the pages share it), before either sees the
    // ordered line leave the cart: a press a moment later would find the review step gone.
    const at = Date.now() + 500;
    await Promise.all(
      [first, second].map((page) =>
        page.getByRole('button', { name: 'Place the order' }).evaluate((button: HTMLButtonElement, when) => void setTimeout(() => button.click(), when - Date.now()), at),
      ),
    );
    for (const page of [first, second]) {
      await expect.poll(() => thankYou(page), LONG).toBe(1);
      await expect.poll(() => page.locator('.checkout-order-number').count(), LONG).toBe(1);
    }
    await expect.poll(() => posts.inFlight(), LONG).toBe(0);
    const onServer = await orders();
    expect(onServer).toHaveLength(1);
    const order = onServer[0]!;
    expect(new Set(posts.ids)).toEqual(new Set([order.order_id]));
    for (const page of [first, second]) expect(await page.locator('.checkout-order-number').textContent()).toBe(`Your order number is ${String(order.increment_id)}.`);
    for (const page of [first, second]) expect(await cartCountOnHome(page)).toBe(0);
    await context.close();
  });
});
