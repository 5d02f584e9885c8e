import { removeFromCart, updateQuantity } from '../../../src/db/cart/cart-actions';
import { add, lineAt } from './cart-steps';
import { NO_FAULTS } from './fault-kinds';
import { bothAdd, deviceOf, onDevice, orderWhileOtherAdds, pickUp } from './other-device';
import { placeCheckout, press, reloadStep, review, twoTabCheckout } from './order-steps';
import { repriceCheckout } from './reprice-steps';
import type { PlanStep } from './scenario-plan';
import { signInDuringOrder, signInStep, signOutWithQueued } from './session-steps';
import { tabsAgree } from './shopper-pace';
import { sleep, type StepContext } from './step-context';

/**
 * The first device's connection is the network's (the other device, on the same one, loses it too
 * without noticing); the other device's is its own.
 */
function setOnline(ctx: StepContext, online: boolean, noticed = true): void {
  if (ctx.device === 0) ctx.net.settings = { ...ctx.net.settings, offline: !online };
  else ctx.browser.offline = !online;
  if (noticed) for (const t of ctx.browser.tabs) t.online.set(online);
}

/**
 * The server dies (SIGKILL) in the middle of an order or a cart sync and comes back after a while;
 * the shopper may go on meanwhile. The press is awaited before the step ends.
 */
async function kill(ctx: StepContext, step: Extract<PlanStep, { do: 'kill' }>): Promise<void> {
  const tab = ctx.browser.tabs[step.tab]!;
  setOnline(ctx, true);
  let pressing: Promise<unknown> = Promise.resolve();
  if (step.during === 'cartSync') await add(ctx, tab, step.sku, 1);
  else {
    if ((await tab.db.cart.count().exec()) === 0) await add(ctx, tab, step.sku, 1);
    const started = await review(ctx, tab);
    if (started) pressing = press(ctx, tab, started);
  }
  await sleep(step.afterMs);
  await ctx.server.kill();
  ctx.cuts++;
  if (step.addWhileDown) await add(ctx, tab, step.sku, 1);
  await sleep(step.downMs);
  await ctx.server.restart();
  ctx.net.target = ctx.server.url;
  await pressing;
}

/** Steps that act on the cart a tab shows. */
const READS_CART = new Set<PlanStep['do']>(['setQty', 'remove', 'order', 'twoTabOrder', 'kill', 'signOutWithQueued', 'reload', 'repriceOrder']);

export async function runStep(ctx: StepContext, step: PlanStep): Promise<void> {
  // Turning to the other device, the shopper picks it up (steps of both devices, bothAdd, stay where they were).
  if (ctx.devices.length > 1 && ctx.device === 0 && deviceOf(step) !== ctx.lastDevice) {
    ctx.lastDevice = deviceOf(step);
    await pickUp(ctx, ctx.lastDevice);
  }
  if (READS_CART.has(step.do) && !(await tabsAgree(ctx.browser))) ctx.notes.push(`before ${step.do}: the tabs still showed different carts after 1 s`);
  const tab = 'tab' in step ? ctx.browser.tabs[step.tab]! : ctx.browser.tabs[0]!;
  switch (step.do) {
    case 'add':
      return add(ctx, tab, step.sku, step.qty);
    case 'setQty': {
      const line = await lineAt(tab, step.pick);
      if (!line) return;
      // A tab that has not heard yet of another tab's order still shows the lines it took: a set on
      // such a line sets nothing (the cart no longer holds it), in the shop as in the model.
      const held = (await tab.db.cart.storageInstance.findDocumentsById([line.id], false)).length > 0;
      await updateQuantity(tab.db, line.id, step.qty);
      if (held) ctx.model.setQty(line.sku, step.qty, ctx.device);
      else ctx.notes.push(`setQty: ${line.sku} was no longer in the cart the tab showed`);
      return;
    }
    case 'remove': {
      const line = await lineAt(tab, step.pick);
      if (!line) return;
      await removeFromCart(tab.db, line.id);
      ctx.model.remove(line.sku, ctx.device);
      return;
    }
    case 'offline':
      // Sometimes the browser notices (offline event), sometimes requests just fail.
      return setOnline(ctx, false, step.noticed);
    case 'online':
      return setOnline(ctx, true);
    case 'flaky':
      ctx.net.settings = { ...step.settings, offline: ctx.net.settings.offline };
      return;
    case 'calm':
      ctx.net.settings = { ...NO_FAULTS, offline: ctx.net.settings.offline };
      return;
    case 'loseReplies':
      ctx.net.settings = { ...ctx.net.settings, chance: { ...ctx.net.settings.chance, [step.to === 'order' ? 'lostOrderReply' : 'lostRefreshReply']: step.chance } };
      return;
    case 'order':
      return placeCheckout(ctx, step.tab, step.presses);
    case 'twoTabOrder':
      return twoTabCheckout(ctx);
    case 'task':
      ctx.tasks.push(step.marker);
      await tab.shop.tasks.queue({ url: `/api/stock/check?sku=${step.sku}`, payload: { method: 'GET', headers: { 'x-fault-task': step.marker } }, silent: true });
      return;
    case 'pause':
      return sleep(step.ms);
    case 'expireToken':
      return sleep(ctx.tokenTtl * 1000 + 100);
    case 'kill':
      return kill(ctx, step);
    case 'signIn':
    case 'signInAgain':
      if (!ctx.model.signedIn) await signInStep(ctx);
      return;
    case 'signOutWithQueued':
      return signOutWithQueued(ctx, step.tab, step.sku);
    case 'reload':
      return reloadStep(ctx, step.tab, step.duringOrder, step.afterMs);
    case 'repriceOrder':
      return repriceCheckout(ctx, step);
    case 'signInDuringOrder':
      if (!ctx.model.signedIn) await signInDuringOrder(ctx, step.afterMs);
      return;
    case 'other':
      return onDevice(ctx, 1, (other) => runStep(other, step.step));
    case 'bothAdd':
      return bothAdd(ctx, step.sku, step.qty);
    case 'orderWhileOtherAdds':
      return orderWhileOtherAdds(ctx, step.sku, step.qty);
  }
}
