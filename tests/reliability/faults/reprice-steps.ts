import { LOCAL, readLocal } from '../../../src/db/local-state';
import { checkoutTotals } from '../../../src/db/orders/checkout-totals';
import { press, review } from './order-steps';
import type { PlanStep } from './scenario-plan';
import type { Tab } from './shop-tab';
import type { StepContext } from './step-context';

/** How many new totals the shopper confirms in one go before giving up (the order then stays as it is). */
const MAX_CONFIRMATIONS = 3;

/** The grand total the review step shows in this tab now, as the checkout works it out; null when it cannot. */
async function shownTotal(tab: Tab): Promise<number | null> {
  const lines = (await tab.db.cart.find().exec()).map((l) => l.toMutableJSON());
  const totals = await checkoutTotals(tab.db, lines, await readLocal(tab.db, LOCAL.cartState), 'GB', tab.online.isOnline());
  return totals.ok ? totals.totals.grand_total : null;
}

function setOffline(ctx: StepContext, offline: boolean): void {
  ctx.net.settings = { ...ctx.net.settings, offline };
  for (const t of ctx.browser.tabs) t.online.set(!offline);
}

/**
 * A checkout whose order carries the total the review step shows, while the shop raises the price of
 * one of its lines before the order arrives. Placed online, the shop refuses it with the new total:
 * the shopper reads it and presses again (the same checkout, so the same order id). Queued offline,
 * it meets the refusal when it is sent later and waits for the shopper's "Order waiting!" answer
 * (given when the scenario settles). Either way one order, at a total the shopper confirmed.
 */
export async function repriceCheckout(ctx: StepContext, step: Extract<PlanStep, { do: 'repriceOrder' }>): Promise<void> {
  const tab = ctx.browser.tabs[step.tab]!;
  const started = await review(ctx, tab);
  if (!started) return;
  const shown = await shownTotal(tab);
  const products = started.body.products as { sku: string }[];
  await ctx.server.raisePrice(products[Math.floor(step.pick * products.length)]!.sku, step.raise);
  if (shown === null) ctx.notes.push(`checkout #${started.checkout.n}: the review step showed no total; the order goes without one`);
  else ctx.model.confirmed(started.checkout, shown);
  const wasOffline = ctx.net.settings.offline;
  if (step.offline) setOffline(ctx, true);
  try {
    let body = shown === null ? started.body : { ...started.body, grand_total: shown };
    for (let i = 0; i < MAX_CONFIRMATIONS; i++) {
      const result = await press(ctx, tab, { checkout: started.checkout, body });
      if (result?.outcome !== 'repriced' || !result.repriced) return;
      // The shopper accepts the refusal, reads the new total and confirms it.
      ctx.model.confirmed(started.checkout, result.repriced.grand_total);
      body = { ...started.body, grand_total: result.repriced.grand_total };
    }
    ctx.notes.push(`checkout #${started.checkout.n}: still refused after ${MAX_CONFIRMATIONS} confirmations`);
  } finally {
    if (step.offline && !wasOffline) setOffline(ctx, false);
  }
}

/**
 * The shopper answers "Order waiting!" for orders refused for a changed price: they confirm the new
 * total the device shows (recorded in the model, so the shop may charge it). True when they did.
 */
export async function confirmRepricedOrders(ctx: Pick<StepContext, 'browser' | 'model' | 'notes'>): Promise<boolean> {
  const tab = ctx.browser.tabs[0]!;
  const repriced = (await tab.db.orders.find({ selector: { state: 'repriced' } }).exec()).map((o) => o.toMutableJSON());
  if (repriced.length === 0) return false;
  for (const order of repriced) {
    const checkout = ctx.model.checkoutOf(order.order_id);
    if (checkout && order.repriced) ctx.model.confirmed(checkout, order.repriced.grand_total);
    else ctx.notes.push(`order ${order.order_id} waits for a new total the shopper cannot tie to a checkout`);
  }
  await tab.shop.confirmQueuedOrders();
  return true;
}
