import { LOCAL, modifyLocal } from '../../../src/db/local-state';
import { add } from './cart-steps';
import { press, review } from './order-steps';
import type { PlanStep } from './scenario-plan';
import { cartShows } from './shopper-pace';
import type { StepContext } from './step-context';

/** How long the shopper looks at a device they pick up before acting, at most (its cart may be on its way). */
const PICK_UP_MS = 1000;

/** The context of a step on `device`: its tabs, the model told which device acted. */
export async function onDevice(ctx: StepContext, device: number, run: (on: StepContext) => Promise<void>): Promise<void> {
  if (device === ctx.device) return run(ctx);
  const on: StepContext = { ...ctx, browser: ctx.devices[device]!, device };
  try {
    await run(on);
  } finally {
    // Cut requests are counted for the scenario, whichever device cut them.
    ctx.cuts = on.cuts;
  }
}

/** The device whose tabs a step uses. */
export const deviceOf = (step: PlanStep) => (step.do === 'other' ? 1 : 0);

/**
 * The shopper turns from one device to the other: its page comes into view (a focus, which asks the
 * leading tab to read the server's cart), and they look at it for a moment before acting. A device
 * without a connection shows what it had, and the shopper acts on that: the model records what they
 * did, not what they should have seen.
 */
export async function pickUp(ctx: StepContext, device: number): Promise<void> {
  const browser = ctx.devices[device]!;
  const tab = browser.tabs[0]!;
  await modifyLocal(tab.db, LOCAL.cartState, (s) => ({ ...s, pullRequestedAt: Date.now() }));
  if (browser.offline || ctx.net.settings.offline || !tab.online.isOnline()) return;
  if (!(await cartShows(tab, device === 0 ? ctx.model.cart : ctx.model.customerCart(), PICK_UP_MS))) ctx.notes.push(`device ${device} did not show the customer's cart within ${PICK_UP_MS} ms of being picked up`);
}

/** Both devices add the same product at about the same time: the customer's cart holds the sum. */
export async function bothAdd(ctx: StepContext, sku: string, qty: number): Promise<void> {
  await Promise.all([onDevice(ctx, 0, (on) => add(on, on.browser.tabs[0]!, sku, qty)), onDevice(ctx, 1, (on) => add(on, on.browser.tabs[0]!, sku, qty))]);
}

/** The first device places an order of what it shows while the other adds a line: the line stays in the open cart. */
export async function orderWhileOtherAdds(ctx: StepContext, sku: string, qty: number): Promise<void> {
  await onDevice(ctx, 0, async (first) => {
    const tab = first.browser.tabs[0]!;
    const started = await review(first, tab);
    const adding = onDevice(ctx, 1, (other) => add(other, other.browser.tabs[0]!, sku, qty));
    await Promise.all([started ? press(first, tab, started) : Promise.resolve(), adding]);
  });
}
