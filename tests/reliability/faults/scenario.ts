import type { FeedDocument } from '../../../replication/catalog/catalog-feed';
import { addToCart, removeFromCart, updateQuantity } from '../../../src/db/cart/cart-actions';
import { cartItemFromDocument } from '../../../src/db/cart/cart-product';
import { faultFetch, NO_FAULTS, type FaultFetch } from './fault-fetch';
import { createRng, type Rng } from '../../../server/seed/rng';
import type { ScenarioServer } from './scenario-server';
import { closeTabs, openTabs, orderFromCart, PASSWORD, type Tab } from './shop-tab';
import { checkSettled, type ScenarioOutcome } from './settle';


export interface ScenarioContext {
  server: ScenarioServer;
  products: readonly FeedDocument[];
  /** Seconds an access token lives on this server. */
  tokenTtl: number;
}

export type Step = 'add' | 'setQty' | 'remove' | 'offline' | 'online' | 'flakyNetwork' | 'calmNetwork' | 'order' | 'task' | 'pause' | 'expireToken' | 'killDuringOrder' | 'killDuringCartSync';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function register(server: ScenarioServer, email: string): Promise<void> {
  const reply = await fetch(`${server.url}/api/user/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ customer: { email, firstname: 'Fay', lastname: 'Ult' }, password: PASSWORD }),
  });
  if (!reply.ok) throw new Error(`create ${email}: ${reply.status} ${await reply.text()}`);
}

function pickSteps(r: Rng, kill: boolean, signedIn: boolean): Step[] {
  const common: Step[] = ['add', 'add', 'add', 'setQty', 'remove', 'offline', 'online', 'flakyNetwork', 'calmNetwork', 'order', 'order', 'task', 'pause'];
  const pool: Step[] = signedIn ? [...common, 'expireToken'] : common;
  const steps = Array.from({ length: r.int(5, 12) }, () => r.pick(pool));
  if (kill) steps.splice(r.int(1, steps.length), 0, r.pick(['killDuringOrder', 'killDuringCartSync'] as const));
  return steps;
}

/**
 * One seeded scenario: a shopper (in one or two tabs, a guest or signed in) edits the cart, places
 * orders and queues tasks while the network drops, slows and goes offline, the access token expires
 * and, in some scenarios, the API process is killed mid-request and started again. Then the faults
 * stop and the outcome is checked once everything has settled.
 */
export async function runScenario(seed: number, ctx: ScenarioContext): Promise<ScenarioOutcome> {
  const r = createRng(seed);
  const twoTabs = r.chance(0.25);
  const signedIn = r.chance(0.6);
  const kill = r.chance(0.1);
  const steps = pickSteps(r, kill, signedIn);
  const email = `fault-${seed}-${Date.now().toString(36)}@example.com`;
  const net = faultFetch(() => r.next(), ctx.server.url);
  const log: string[] = [`seed ${seed}: ${twoTabs ? 'two tabs' : 'one tab'}, ${signedIn ? 'signed in' : 'guest'}`];
  const tabs = await openTabs(`faults_${seed}_${Date.now()}`, twoTabs ? 2 : 1, net, ctx.products);
  const tasks: string[] = [];
  const background: Promise<unknown>[] = [];
  const tab = () => r.pick(tabs);
  const killsBefore = ctx.server.kills;
  try {
    if (signedIn) {
      await register(ctx.server, email);
      const signed = await tabs[0]!.shop.signIn(email, PASSWORD);
      if (!signed.ok) throw new Error(`sign in: ${signed.message}`);
    }
    for (const step of steps) {
      log.push(step);
      await runStep(step, r, ctx, net, tabs, tab, email, tasks, background);
    }
    await Promise.allSettled(background);
    // Faults stop, the server is up, the connection comes back: the data layer must now settle.
    net.settings = { ...NO_FAULTS };
    if (!ctx.server.isUp) await ctx.server.restart();
    net.target = ctx.server.url;
    for (const t of tabs) t.online.set(false);
    for (const t of tabs) t.online.set(true);
    return await checkSettled({ server: ctx.server, net, tabs, email, signedIn, tasks, kills: ctx.server.kills - killsBefore, log });
  } finally {
    await closeTabs(tabs);
  }
}

async function runStep(step: Step, r: Rng, ctx: ScenarioContext, net: FaultFetch, tabs: Tab[], tab: () => Tab, email: string, tasks: string[], background: Promise<unknown>[]): Promise<void> {
  const product = () => r.pick(ctx.products);
  const someLine = async (t: Tab) => {
    const lines = await t.db.cart.find().exec();
    return lines.length ? r.pick(lines) : null;
  };
  switch (step) {
    case 'add': {
      const t = tab();
      await addToCart(t.db, await cartItemFromDocument(t.db, product()), r.int(1, 3));
      return;
    }
    case 'setQty': {
      const t = tab();
      const line = await someLine(t);
      if (line) await updateQuantity(t.db, line.id, r.int(1, 6));
      return;
    }
    case 'remove': {
      const t = tab();
      const line = await someLine(t);
      if (line) await removeFromCart(t.db, line.id);
      return;
    }
    case 'offline':
      // Sometimes the browser notices (offline event), sometimes requests just fail.
      net.settings = { ...net.settings, offline: true };
      if (r.chance(0.7)) for (const t of tabs) t.online.set(false);
      return;
    case 'online':
      net.settings = { ...net.settings, offline: false };
      for (const t of tabs) t.online.set(true);
      return;
    case 'flakyNetwork':
      net.settings = { ...net.settings, dropBefore: r.next() * 0.3, dropAfter: r.next() * 0.3, slow: r.next() * 0.5, slowMs: [20, r.int(50, 600)] };
      return;
    case 'calmNetwork':
      net.settings = { ...NO_FAULTS, offline: net.settings.offline };
      return;
    case 'order': {
      const t = tab();
      const body = await orderFromCart(t.db, email);
      if (body) await t.shop.placeOrder(body);
      return;
    }
    case 'task': {
      const marker = `${r.int(0, 1e9)}-${tasks.length}`;
      tasks.push(marker);
      await tab().shop.tasks.queue({ url: `/api/stock/check?sku=${r.pick(ctx.products).sku as string}`, payload: { method: 'GET', headers: { 'x-fault-task': marker } }, silent: true });
      return;
    }
    case 'pause':
      await sleep(r.int(0, 400));
      return;
    case 'expireToken':
      await sleep(ctx.tokenTtl * 1000 + 100);
      return;
    case 'killDuringOrder':
    case 'killDuringCartSync': {
      const t = tab();
      const online = { ...net.settings, offline: false };
      net.settings = online;
      for (const each of tabs) each.online.set(true);
      if (step === 'killDuringCartSync') await addToCart(t.db, await cartItemFromDocument(t.db, product()), 1);
      else {
        if ((await t.db.cart.count().exec()) === 0) await addToCart(t.db, await cartItemFromDocument(t.db, product()), 1);
        const body = await orderFromCart(t.db, email);
        if (body) background.push(t.shop.placeOrder(body));
      }
      await sleep(r.int(0, 60));
      await ctx.server.kill();
      // The shopper goes on while the server is down; it comes back after a while.
      if (r.chance(0.5)) await addToCart(t.db, await cartItemFromDocument(t.db, product()), 1);
      await sleep(r.int(0, 300));
      await ctx.server.restart();
      net.target = ctx.server.url;
      return;
    }
  }
}

