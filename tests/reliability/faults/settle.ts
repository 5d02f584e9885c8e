import type { ShopDatabase } from '../../../src/db/database-types';
import { LOCAL, modifyLocal } from '../../../src/db/local-state';
import type { FaultFetch } from './fault-fetch';
import type { Problem } from './invariants';
import { scaled } from '../../helpers/time-limits';
import { clientTimeoutMs, type Browser } from './shop-tab';
import { deviceSnapshot, waitingOrders, type DeviceSnapshot } from './snapshots';

/** How long the device gets to settle once faults stop (grown with the load, as the client's time-out is). */
const settleMs = (): number => Number(process.env.FAULT_SETTLE_MS) || scaled(20_000);
/**
 * After how long the shopper presses "Retry now": four of the client's time-outs (6 s on a quiet
 * machine). A request that hung when the faults stopped ends only by its time-out, and the work
 * queued behind it (the round's orders wait for its cart sync) goes after that. The time-out grows
 * with the machine's load (shop-tab.ts); at a fixed 6 s, at load 4 per core one hung request alone
 * took the whole wait, and a device that settled by itself was counted as needing the press.
 */
const retryPressMs = (): number => 4 * clientTimeoutMs();
/** The longest the device's own retry timer waits (2 s doubling up to a minute, with up to 20 % jitter), and a margin. */
const OWN_RETRY_MAX_MS = 75_000;

/**
 * How long until the devices not settled yet retry by themselves: the latest of their leading tabs'
 * retry timers, or null when one of them has none set (it waits on nothing: the press is needed).
 */
function ownRetriesDueMs(browsers: readonly Browser[], done: readonly boolean[]): number | null {
  let latest = 0;
  for (const [i, browser] of browsers.entries()) {
    if (done[i]) continue;
    const due = browser.tabs.map((tab) => tab.shop.retryDueInMs()).filter((ms): ms is number => ms !== null);
    if (due.length === 0) return null;
    latest = Math.max(latest, Math.min(...due));
  }
  return latest;
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Settled {
  settled: boolean;
  /** "Retry now" presses it took. */
  retryPresses: number;
  /** Times the shopper answered a question the device asked ("Order waiting!" for a new total). */
  answers: number;
  ms: number;
  /** The first device. */
  device: DeviceSnapshot;
  /** The customer's other devices, in order. */
  others: DeviceSnapshot[];
  /** Requests in flight when the wait ended. */
  inFlight: string[];
  /** At each "Retry now" press: the requests in flight (none: it waited for its own timer), and what the devices not settled held. */
  pressedWhile: Press[];
}

export interface Press {
  inFlight: string[];
  waiting: string[];
}

/**
 * What keeps a device from settling, and who could retry it: a press with nothing in flight and no
 * timer set says the device lost track of this work, and the report must name it.
 */
function waitingOn(device: DeviceSnapshot, browser: Browser, index: number): string {
  const orders = waitingOrders(device).map((o) => `${o.order_id.slice(0, 8)} ${o.state} after ${o.attempts} attempt(s)`);
  const leader = browser.tabs.findIndex((tab) => tab.shop.leadership.isLeading());
  const timers = browser.tabs.map((tab) => tab.shop.retryDueInMs() ?? 'none').join('/');
  const parts = [orders.length > 0 ? `orders ${orders.join(', ')}` : '', device.pendingTasks.length > 0 ? `tasks ${device.pendingTasks.length}` : '', device.unsyncedCart > 0 ? `unsynced lines ${device.unsyncedCart}` : '', device.pendingCartOps > 0 ? `cart changes ${device.pendingCartOps}` : ''];
  return `${index === 0 ? 'device' : `other device ${index}`}: ${parts.filter(Boolean).join('; ') || 'settled'} (leading tab ${leader < 0 ? 'none' : `t${leader}`}, retry timers ${timers} ms)`;
}

/**
 * Settled: nothing waiting, and a tab leads, whose start-up sync reads the cart (a reload does). With
 * none leading yet (a reload during an order, the other tab not taking over at once) nobody had
 * looked at the cart since the page that placed the order went: checked then, the device still
 * named the cart that order converted (seed 1290000157).
 */
const isSettled = (device: DeviceSnapshot, browser: Browser) =>
  waitingOrders(device).length === 0 && device.pendingTasks.length === 0 && device.unsyncedCart === 0 && browser.tabs.some((tab) => tab.shop.leadership.isLeading());

/** Polls in a row that must find the device settled with no new request between them. */
const QUIET_POLLS = 3;

/**
 * Waits until every device itself reports settled (no order waiting, no task pending, its own count
 * of unconfirmed cart changes at 0) and the network is quiet (nothing in flight, no request started
 * over a few polls: work just triggered, a login merge say, has not started its requests yet),
 * polling their databases. A device that has not settled after a while gets a "Retry now" press, as
 * a shopper would give it (counted: the design retries queued work on a timer, so it should not need one).
 * A question the device asks the shopper (`answer`: true when there was one) is answered as it comes:
 * that is the shopper's part, not the device failing to settle.
 */
export async function waitUntilSettled(browsers: readonly Browser[], net: FaultFetch, answer: () => Promise<boolean> = async () => false): Promise<Settled> {
  const started = Date.now();
  const [limitMs, pressMs] = [settleMs(), retryPressMs()];
  let deadline = started + limitMs;
  let answers = 0;
  let retryPresses = 0;
  const pressedWhile: Press[] = [];
  let nextPress = started + pressMs;
  let quiet = 0;
  let requests = -1;
  for (;;) {
    if (await answer()) answers++;
    const [device, ...others] = await Promise.all(browsers.map((b) => deviceSnapshot(b.tabs[0]!.db)));
    const inFlight = net.inFlight();
    const done = [device!, ...others].map((snapshot, i) => isSettled(snapshot, browsers[i]!));
    quiet = done.every(Boolean) && inFlight.length === 0 && net.requests() === requests ? quiet + 1 : 0;
    requests = net.requests();
    const result = (settled: boolean): Settled => ({ settled, retryPresses, answers, ms: Date.now() - started, device: device!, others, inFlight, pressedWhile });
    if (quiet >= QUIET_POLLS) return result(true);
    if (Date.now() > deadline) return result(false);
    // A device waiting on its own retry timer, nothing in flight, settles when it runs: the wait grows
    // to a minute while requests fail, and a connection back without an 'online' event has nothing to
    // cut it short. The shopper's press, and the limit, wait for it (seed 1140000316).
    const ownRetry = Date.now() > nextPress && inFlight.length === 0 ? ownRetriesDueMs(browsers, done) : null;
    if (ownRetry !== null) {
      nextPress = Date.now() + ownRetry + pressMs;
      deadline = Math.min(Math.max(deadline, nextPress + pressMs), started + limitMs + OWN_RETRY_MAX_MS);
    } else if (Date.now() > nextPress) {
      nextPress = Date.now() + pressMs;
      const devices = [device!, ...others];
      pressedWhile.push({ inFlight, waiting: browsers.flatMap((browser, i) => (done[i] ? [] : [waitingOn(devices[i]!, browser, i)])) });
      for (const [i, browser] of browsers.entries()) {
        if (done[i]) continue;
        retryPresses++;
        await browser.tabs[0]!.shop.retry();
      }
    }
    await sleep(50);
  }
}

/** What the devices were doing at each press, for a settlesByItself failure: a request's time-out, or their own timers, and what they still held. */
export const pressedWhileText = (pressedWhile: readonly Press[]): string =>
  pressedWhile.map(({ inFlight, waiting }, i) => `#${i + 1} ${inFlight.length > 0 ? inFlight.join(', ') : 'nothing in flight'}; waiting: ${waiting.join(' | ')}`).join('; ');

/** How long a device's leading tab may take to start the pull a focus asks for. */
const FOCUS_PULL_START_MS = 1000;

/**
 * The shopper looks at each device once all have settled: its page comes into view, and the leading
 * tab reads the server's cart (the focus pull), which now holds every device's changes. As the page
 * does it: a pull that fails is the device's to retry by itself. Called here directly with its
 * failure dropped, a pull the server asked to wait (429) left no retry set (seed 1260000124).
 */
export async function lookAtEachDevice(browsers: readonly Browser[]): Promise<void> {
  for (const browser of browsers) {
    const before = browser.net.requests();
    await modifyLocal(browser.tabs[0]!.db, LOCAL.cartState, (s) => ({ ...s, pullRequestedAt: Date.now() }));
    const leads = browser.tabs.some((t) => t.shop.leadership.isLeading());
    const deadline = Date.now() + FOCUS_PULL_START_MS;
    while (leads && !browser.offline && browser.net.requests() === before && Date.now() < deadline) await sleep(10);
  }
}

/** Tasks: sent once each (more only after a lost reply, or a request cut by a killed server or a reload), or dropped with a failed session and the shopper told. */
export async function checkTasks(db: ShopDatabase, net: FaultFetch, tasks: readonly string[], cutRequests: number): Promise<{ problems: Problem[]; redeliveries: number }> {
  const problems: Problem[] = [];
  const ui = (await deviceSnapshot(db)).signUpModal;
  const stored = new Map((await db.sync_tasks.find().exec()).map((t) => [String(t.payload.headers?.['x-fault-task'] ?? ''), t]));
  let redeliveries = 0;
  for (const marker of tasks) {
    const task = stored.get(marker);
    const received = net.tasksReceived.get(marker) ?? 0;
    const lost = net.repliesLost.get(`task:${marker}`) ?? 0;
    if (!task) {
      if (!ui) problems.push({ invariant: 'tasks', message: `task ${marker} vanished without the shopper being told` });
      continue;
    }
    if (!task.transmited) problems.push({ invariant: 'tasks', message: `task ${marker} never transmitted` });
    else if (received < 1) problems.push({ invariant: 'tasks', message: `task ${marker} marked transmitted but the server never answered it` });
    if (received > 1 + lost + cutRequests) problems.push({ invariant: 'tasks', message: `task ${marker} reached the server ${received} times with ${lost} lost replies` });
    redeliveries += Math.max(0, received - 1);
  }
  for (const count of net.ordersReceived.values()) redeliveries += Math.max(0, count - 1);
  return { problems, redeliveries };
}
