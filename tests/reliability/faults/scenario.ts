import type { FeedDocument } from '../../../replication/catalog/catalog-feed';
import { faultFetch } from './fault-fetch';
import { NO_FAULTS } from './fault-kinds';
import { checkCartAndSession, checkOrders, type Problem } from './invariants';
import { runStep } from './run-step';
import { describePlan, describeStep, drawPlan, faultSeed } from './scenario-plan';
import { describeState, type ScenarioOutcome } from './scenario-report';
import { FAULT_SKUS, type ScenarioServer } from './scenario-server';
import { FAULT_TRACE } from './seeded-random';
import { confirmRepricedOrders } from './reprice-steps';
import { register, saveCustomerCart, signInStep } from './session-steps';
import { checkTasks, waitUntilSettled } from './settle';
import { CLIENT_TIMEOUT_MS, closeBrowser, openBrowser, PASSWORD, type Browser } from './shop-tab';
import { formatLines, ShopperModel } from './shopper-model';
import { deviceSnapshot, linesOf, serverSnapshot, type ServerSnapshot } from './snapshots';
import { sleep, type StepContext } from './step-context';

/** One line of the verbose trace: what the model, the device and the server cart hold after a step. */
async function traceState(server: ScenarioServer, browser: Browser, model: ShopperModel): Promise<string> {
  const device = await deviceSnapshot(browser.tabs[0]!.db);
  const remote = device.cartToken && server.isUp ? await server.cart(device.cartToken) : null;
  const leaders = browser.tabs.filter((t) => t.shop.leadership.isLeading()).map((t) => `t${t.index}`);
  return `leading ${leaders.join(', ') || 'none'}; model ${formatLines(model.cart)}; device ${device.signedIn ? 'signed in' : 'guest'} ${formatLines(device.cart)} (${device.unsyncedCart} unconfirmed); server cart ${remote ? formatLines(linesOf(remote.lines)) : 'none'}`;
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
  const net = faultFetch({ seed: faultSeed(seed), target: ctx.server.url, hangCapMs: CLIENT_TIMEOUT_MS * 2 + 500, trace });
  const browser = await openBrowser(`faults_${seed}_${run}`, plan.tabs, net, ctx.products);
  const model = new ShopperModel();
  const step: StepContext = { server: ctx.server, browser, net, model, email, products: new Map(ctx.products.map((p) => [p.sku as string, p])), tokenTtl: ctx.tokenTtl, tasks: [], problems: [], notes: [], cuts: 0 };
  let outcome: ScenarioOutcome;
  try {
    if (plan.start !== 'guest') await register(ctx.server, email);
    if (plan.start === 'guestThenSignIn') {
      await saveCustomerCart(ctx.server, email, plan.savedCart);
      model.saved = { ...plan.savedCart };
    }
    if (plan.start === 'signedIn') {
      const signed = await browser.tabs[0]!.shop.signIn(email, PASSWORD);
      if (!signed.ok) throw new Error(`sign in: ${signed.message}`);
      model.signIn();
    }
    for (const [i, planned] of plan.steps.entries()) {
      if (ctx.verbose) console.info(`[fault-scenarios] ${seed} step ${i + 1}/${plan.steps.length}: ${describeStep(planned)}`);
      await runStep(step, planned);
      if (ctx.verbose) console.info(`[fault-scenarios] ${seed}   → ${await traceState(ctx.server, browser, model)}`);
    }

    // Faults stop, the server is up, the connection comes back: the data layer must now settle.
    net.settings = { ...NO_FAULTS };
    if (!ctx.server.isUp) await ctx.server.restart();
    net.target = ctx.server.url;
    if (model.wantsSignIn) await signInStep(step, 1);
    for (const t of browser.tabs) t.online.set(false);
    for (const t of browser.tabs) t.online.set(true);
    // Automatic transmission is on, so the one question the device asks is a new total to confirm.
    const settle = await waitUntilSettled(browser, net, () => confirmRepricedOrders(step));
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
    else if (settle.retryPresses > 0) problems.push({ invariant: 'settlesByItself', message: `settled only after ${settle.retryPresses} "Retry now" press(es), in ${settle.ms} ms` });
    if (server) problems.push(...checkOrders({ model, device: settle.device, server }), ...checkCartAndSession({ model, device: settle.device, server }));
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
      state: describeState({ model, device: settle.device, server, inFlight: settle.inFlight, events: net.events, settled: settle.settled, settleMs: settle.ms }),
      notes: step.notes,
    };

  } finally {
    // Nothing of this scenario may run into the next: every page's data layer stops, hung requests end.
    await closeBrowser(browser);
    net.close();
  }
  // Work the pages did not stop shows up as requests after they closed; give it a moment to show.
  await sleep(100);
  outcome.afterClose = browser.lateRequests.length + net.afterClose.length;
  return outcome;
}
