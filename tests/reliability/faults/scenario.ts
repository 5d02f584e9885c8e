import type { FeedDocument } from '../../../replication/catalog/catalog-feed';
import { faultFetch } from './fault-fetch';
import { NO_FAULTS } from './fault-kinds';
import { checkoutsShownAsOtherOrders } from './other-device-orders';
import { checkCartAndSession, checkOrders, checkOtherDevices, type OtherDeviceInput, type Problem } from './invariants';
import { runStep } from './run-step';
import { describePlan, describeStep, drawPlan, faultSeed } from './scenario-plan';
import { describeState, type ScenarioOutcome } from './scenario-report';
import { FAULT_SKUS, type ScenarioServer } from './scenario-server';
import { FAULT_TRACE } from './seeded-random';
import { confirmRepricedOrders } from './reprice-steps';
import { register, saveCustomerCart, signInStep } from './session-steps';
import { checkTasks, lookAtEachDevice, pressedWhileText, waitUntilSettled, type Settled } from './settle';
import { clientTimeoutMs, closeBrowser, openBrowser, PASSWORD, type Browser } from './shop-tab';
import { formatLines, ShopperModel } from './shopper-model';
import { deviceSnapshot, linesOf, serverSnapshot, waitingOrders, type DeviceSnapshot, type ServerSnapshot } from './snapshots';
import { sleep, type StepContext } from './step-context';
import { LOCAL, readLocal } from '../../../src/db/local-state';
import type { PendingCartOp } from '../../../schemas/rx/local-documents';
import { isUnknownOutcome } from '../../../replication/api/api-errors';

/** The device's cart changes not sent yet, and those kept for waiting orders (FAULT_TRACE): id, change, line and the cart each is kept for. */
async function journalText(browser: Browser): Promise<string> {
  const state = await readLocal(browser.tabs[0]!.db, LOCAL.cartState);
  const op = (o: PendingCartOp) => `${o.op_id.slice(0, 8)} ${o.type}${o.qty ?? ''} ${o.sku}${o.cartId ? ` for ${o.cartId.slice(0, 8)}` : ''}`;
  const waiting = waitingOrders(await deviceSnapshot(browser.tabs[0]!.db)).map((o) => `${o.order_id.slice(-8)} ${o.state}${o.lines_taken ? '' : ' (lines not taken)'}`);
  return `cart ${state.token?.slice(0, 8) ?? 'none'}, journal [${state.pendingOps.map(op).join(', ')}]${state.opsForWaitingOrders.length ? `, for waiting orders [${state.opsForWaitingOrders.map(op).join(', ')}]` : ''}${waiting.length ? `, orders waiting [${waiting.join(', ')}]` : ''}`;
}

/** One line of the verbose trace: what the model, the device and the server cart hold after a step. */
async function traceState(server: ScenarioServer, devices: readonly Browser[], model: ShopperModel): Promise<string> {
  const states = await Promise.all(
    devices.map(async (browser, i) => {
      const device = await deviceSnapshot(browser.tabs[0]!.db);
      const remote = device.cartToken && server.isUp ? await server.cart(device.cartToken) : null;
      const leaders = browser.tabs.filter((t) => t.shop.leadership.isLeading()).map((t) => `t${t.index}`);
      const journal = FAULT_TRACE ? `; ${await journalText(browser)}` : '';
      return `${i ? `device ${i}: ` : ''}leading ${leaders.join(', ') || 'none'}; device ${device.signedIn ? 'signed in' : 'guest'} ${formatLines(device.cart)} (${device.unsyncedCart} unconfirmed)${browser.offline ? ' offline' : ''}; server cart ${remote ? formatLines(linesOf(remote.lines)) : 'none'}${journal}`;
    }),
  );
  return `model ${formatLines(model.cart)}${devices.length > 1 ? ` (customer's ${formatLines(model.customerCart())})` : ''}; ${states.join(' | ')}`;
}

/** How long the other device gets to connect to the customer's cart after signing in, before the steps start. */
const OTHER_DEVICE_SIGN_IN_MS = 10_000;

/** The customer's other device signs in (no faults yet) and shows the customer's cart. */
/**
 * A sign-in of the scenario's setup, before any fault: it is not what the scenario tries, so one that
 * times out (a password hash on a loaded machine: seed 1220000270 at load 13) goes again, as the
 * shopper would press again, up to three times.
 */
async function setupSignIn(browser: Browser, email: string): Promise<{ ok: boolean; message?: string }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await browser.tabs[0]!.shop.signIn(email, PASSWORD);
    } catch (error) {
      if (attempt >= 3 || !isUnknownOutcome(error)) throw error;
    }
  }
}

async function signInOtherDevice(other: Browser, email: string): Promise<void> {
  const tab = other.tabs[0]!;
  const signed = await setupSignIn(other, email);
  if (!signed.ok) throw new Error(`sign in on the other device: ${signed.message}`);
  const until = Date.now() + OTHER_DEVICE_SIGN_IN_MS;
  while (!(await readLocal(tab.db, LOCAL.cartState)).customerCart) {
    if (Date.now() > until) throw new Error(`the other device did not connect to the customer's cart within ${OTHER_DEVICE_SIGN_IN_MS} ms`);
    await sleep(25);
  }
}

/**
 * Every device settles; with several, the shopper then looks at each (reading the server's cart,
 * which now holds all their changes) and they settle again.
 */
async function settleAll(devices: readonly Browser[], step: StepContext): Promise<Settled> {
  const first = await waitUntilSettled(devices, step.net, () => confirmRepricedOrders(step));
  if (devices.length === 1 || !first.settled) return first;
  await lookAtEachDevice(devices);
  const again = await waitUntilSettled(devices, step.net, () => confirmRepricedOrders(step));
  return { ...again, retryPresses: first.retryPresses + again.retryPresses, answers: first.answers + again.answers, ms: first.ms + again.ms, pressedWhile: [...first.pressedWhile, ...again.pressedWhile] };
}

export interface ScenarioContext {
  server: ScenarioServer;
  products: readonly FeedDocument[];
  /** Seconds an access token lives on this server. */
  tokenTtl: number;
  /** Prints the plan and each step as it runs. */
  verbose: boolean;
}

/**
 * One seeded scenario: a shopper (in one or two tabs; a guest, signed in, or a guest who signs in)
 * edits the cart, places orders (twice, from two tabs, across a reload) and queues tasks while the
 * network drops, hangs, answers 5xx, 429 or a proxy's page, loses replies after the server acted,
 * goes offline, the access token expires and, in some scenarios, the API process is killed and
 * started again. Then the faults stop and, once the device reports settled, the device and the
 * server are checked against the model of what the shopper did.
 */
export async function runScenario(seed: number, ctx: ScenarioContext, run = 0): Promise<ScenarioOutcome> {
  const plan = drawPlan(seed, FAULT_SKUS);
  if (ctx.verbose) console.info(`[fault-scenarios] ${describePlan(plan)}`);
  const email = `fault-${seed}-${run}@example.com`;
  const trace = ctx.verbose && FAULT_TRACE ? (line: string) => console.info(`[fault-scenarios] ${seed}     ${line}`) : undefined;
  const net = faultFetch({ seed: faultSeed(seed), target: ctx.server.url, hangCapMs: clientTimeoutMs() * 2 + 500, trace });
  const browser = await openBrowser(`faults_${seed}_${run}`, plan.tabs, net, ctx.products);
  const devices = [browser];
  const model = new ShopperModel();
  model.otherDevice = plan.otherDevice !== null;
  const step: StepContext = { server: ctx.server, browser, device: 0, devices, lastDevice: 0, net, model, email, products: new Map(ctx.products.map((p) => [p.sku as string, p])), tokenTtl: ctx.tokenTtl, tasks: [], problems: [], notes: [], cuts: 0 };
  let outcome: ScenarioOutcome;
  try {
    if (plan.otherDevice) devices.push(await openBrowser(`faults_${seed}_${run}_other`, plan.otherDevice.tabs, net, ctx.products, 'other device'));
    if (plan.start !== 'guest') await register(ctx.server, email);
    if (plan.start === 'guestThenSignIn') {
      await saveCustomerCart(ctx.server, email, plan.savedCart);
      model.saved = { ...plan.savedCart };
    }
    if (plan.start === 'signedIn') {
      const signed = await setupSignIn(browser, email);
      if (!signed.ok) throw new Error(`sign in: ${signed.message}`);
      model.signIn();
      for (const other of devices.slice(1)) await signInOtherDevice(other, email);
    }
    for (const [i, planned] of plan.steps.entries()) {
      if (ctx.verbose) console.info(`[fault-scenarios] ${seed} step ${i + 1}/${plan.steps.length}: ${describeStep(planned)}`);
      await runStep(step, planned);
      if (ctx.verbose) console.info(`[fault-scenarios] ${seed}   → ${await traceState(ctx.server, devices, model)}`);
    }

    // Faults stop, the server is up, the connection comes back: the data layer must now settle.
    net.settings = { ...NO_FAULTS };
    if (!ctx.server.isUp) await ctx.server.restart();
    net.target = ctx.server.url;
    if (model.wantsSignIn) await signInStep(step, 1);
    for (const device of devices) device.offline = false;
    for (const t of devices.flatMap((d) => d.tabs)) t.online.set(false);
    for (const t of devices.flatMap((d) => d.tabs)) t.online.set(true);
    // Automatic transmission is on, so the one question the device asks is a new total to confirm.
    const settle = await settleAll(devices, step);
    if (settle.answers > 0) step.notes.push(`the shopper confirmed a new total ${settle.answers}× while the device settled`);
    // Read the server the moment the device says it is done, before anything else can happen.
    let server: ServerSnapshot | null = null;
    const problems: Problem[] = [...step.problems];
    try {
      server = await serverSnapshot(ctx.server, email, settle.device);
    } catch (error) {
      problems.push({ invariant: 'settles', message: `the server could not be read: ${error instanceof Error ? error.message : String(error)}` });
    }
    if (!settle.settled) problems.push({ invariant: 'settles', message: `not settled after ${settle.ms} ms` });
    else if (settle.retryPresses > 0) problems.push({ invariant: 'settlesByItself', message: `settled only after ${settle.retryPresses} "Retry now" press(es), in ${settle.ms} ms; in flight at each press: ${pressedWhileText(settle.pressedWhile)}` });
    // Orders are the customer's, whichever device placed them.
    const withAllOrders: DeviceSnapshot = { ...settle.device, orders: [settle.device, ...settle.others].flatMap((d) => d.orders) };
    const shownAsOther = server ? checkoutsShownAsOtherOrders(model, [settle.device, ...settle.others].map((d) => d.orders), new Set(server.orders.map((o) => o.order_id))) : new Map<number, string>();
    for (const [n, orderId] of shownAsOther) {
      model.shownAsOther.add(n);
      step.notes.push(`checkout #${n} is shown as order ${orderId}, which the other device placed from the same cart`);
    }
    if (server) problems.push(...checkOrders({ model, device: withAllOrders, server }, shownAsOther), ...checkCartAndSession({ model, device: settle.device, server }));
    if (server && settle.others.length > 0) {
      const others: OtherDeviceInput[] = await Promise.all(settle.others.map(async (d) => ({ device: d, cart: d.cartToken ? await ctx.server.cart(d.cartToken) : null })));
      problems.push(...checkOtherDevices({ model, device: settle.device, others }));
    }
    const tasks = await checkTasks(browser.tabs[0]!.db, net, step.tasks, step.cuts);
    problems.push(...tasks.problems);
    outcome = {
      seed,
      plan,
      email,
      problems,
      faults: { ...net.injected },
      placed: model.checkouts.filter((c) => c.placed).length,
      stored: server?.orders.map((o) => o.order_id) ?? [],
      tasks: step.tasks.length,
      redeliveries: tasks.redeliveries,
      retryPresses: settle.retryPresses,
      settleMs: settle.ms,
      hangsCapped: net.hangsCapped,
      afterClose: 0,
      state: describeState({ model, device: settle.device, others: settle.others, server, inFlight: settle.inFlight, events: net.events, settled: settle.settled, settleMs: settle.ms }),
      notes: step.notes,
    };

  } finally {
    // Nothing of this scenario may run into the next: every page's data layer stops, hung requests end.
    for (const device of devices) await closeBrowser(device);
    net.close();
  }
  // Work the pages did not stop shows up as requests after they closed; give it a moment to show.
  await sleep(100);
  outcome.afterClose = devices.reduce((n, d) => n + d.lateRequests.length, 0) + net.afterClose.length;
  return outcome;
}
