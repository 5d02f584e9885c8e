import type { ShopDatabase } from '../../../src/db/database-types';
import { LOCAL, readLocal } from '../../../src/db/local-state';
import type { FaultFetch, FaultKind } from './fault-fetch';
import type { ScenarioServer } from './scenario-server';
import { localCart, PASSWORD, type Tab } from './shop-tab';

export interface ScenarioOutcome {
  email: string;
  /** Orders the client placed and the server accepted (state 'sent'), and ones it refused. */
  sent: string[];
  rejected: string[];
  faults: Record<FaultKind, number>;
  tasks: number;
  /** Deliveries of an order or task beyond the first, after a lost reply (the retries the design expects). */
  redeliveries: number;
  problems: string[];
  log: string[];
}

interface SettleInput {
  server: ScenarioServer;
  net: FaultFetch;
  tabs: readonly Tab[];
  email: string;
  signedIn: boolean;
  tasks: readonly string[];
  /** Times the server was killed during this scenario (a request cut by it may have been acted on). */
  kills: number;
  log: string[];
}

const SETTLE_MS = 30_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sorted = (cart: Record<string, number>) => JSON.stringify(Object.entries(cart).sort(([a], [b]) => a.localeCompare(b)));

/** The server's lines of the client's cart, read with the shopper's own identity (its own login, kept while it lasts). */
function serverCartReader(server: ScenarioServer, email: string, signedIn: boolean) {
  let bearer: string | null = null;
  const login = async () => {
    const reply = await fetch(`${server.url}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: email, password: PASSWORD }) });
    bearer = `Bearer ${((await reply.json()) as { result: string }).result}`;
  };
  return async (db: ShopDatabase): Promise<Record<string, number> | string> => {
    const { token: cartId } = await readLocal(db, LOCAL.cartState);
    if (!cartId) return {};
    const customer = signedIn && Boolean((await readLocal(db, LOCAL.session)).token);
    if (customer && !bearer) await login();
    const pull = () => fetch(`${server.url}/api/cart/pull?cartId=${encodeURIComponent(cartId)}`, { headers: customer && bearer ? { authorization: bearer } : {} });
    let reply = await pull();
    if (reply.status === 401 && customer) {
      await login();
      reply = await pull();
    }
    const body = (await reply.json()) as { code: number; result: unknown };
    if (reply.status !== 200) return `cart pull answered ${reply.status}: ${JSON.stringify(body.result)}`;
    return Object.fromEntries((body.result as { sku: string; qty: number }[]).map((l) => [l.sku, Number(l.qty)]));
  };
}

/**
 * Waits until the client has nothing left to send and its cart matches the server's, then checks
 * the invariants: no order still queued, every task transmitted (or dropped with the session and
 * the shopper told), the server cart equal to the client cart.
 */
export async function checkSettled(input: SettleInput): Promise<ScenarioOutcome> {
  const { server, net, tabs, email, signedIn, tasks, kills, log } = input;
  const db = tabs[0]!.db;
  const problems: string[] = [];
  const started = Date.now();
  const serverCart = serverCartReader(server, email, signedIn);
  for (;;) {
    const queued = await db.orders.find({ selector: { state: 'queued' } }).exec();
    const pendingTasks = await db.sync_tasks.find({ selector: { transmited: false } }).exec();
    const local = await localCart(db);
    const remote = await serverCart(db);
    const lines = await db.cart.find().exec();
    const confirmed = lines.every((l) => typeof l.server_item_id === 'number');
    const last = `queued orders ${queued.length}, pending tasks ${pendingTasks.length}, local cart ${sorted(local)}, server cart ${typeof remote === 'string' ? remote : sorted(remote)}, lines confirmed ${confirmed}, requests in flight ${net.inFlight()}`;
    if (queued.length === 0 && pendingTasks.length === 0 && typeof remote !== 'string' && sorted(local) === sorted(remote) && confirmed && net.inFlight() === 0) break;
    if (Date.now() - started > SETTLE_MS) {
      problems.push(`not settled after ${SETTLE_MS} ms: ${last}`);
      break;
    }
    await sleep(100);
  }

  const orders = await db.orders.find().exec();
  const sent = orders.filter((o) => o.state === 'sent').map((o) => o.order_id);
  const rejected = orders.filter((o) => o.state === 'rejected').map((o) => `${o.order_id}: ${o.error}`);
  if (rejected.length) problems.push(`orders refused by the server: ${rejected.join('; ')}`);
  for (const order of orders.filter((o) => o.state === 'sent')) {
    if (!order.result?.increment_id) problems.push(`order ${order.order_id} sent without an order number`);
  }

  // Tasks: transmitted once, or dropped with a failed session (the sign-up modal tells the shopper).
  const ui = await readLocal(db, LOCAL.ui);
  const stored = new Map((await db.sync_tasks.find().exec()).map((t) => [String(t.payload.headers?.['x-fault-task'] ?? ''), t]));
  let redeliveries = 0;
  for (const marker of tasks) {
    const task = stored.get(marker);
    const received = net.tasksReceived.get(marker) ?? 0;
    const lostReplies = net.repliesDropped.get(`task:${marker}`) ?? 0;
    if (!task) {
      if (!ui.signUpModal) problems.push(`task ${marker} vanished without the shopper being told`);
      continue;
    }
    if (!task.transmited) problems.push(`task ${marker} never transmitted`);
    else if (received < 1) problems.push(`task ${marker} marked transmitted but the server never answered it`);
    if (received > 1 + lostReplies + kills) problems.push(`task ${marker} reached the server ${received} times with ${lostReplies} lost replies`);
    redeliveries += Math.max(0, received - 1);
  }
  for (const count of net.ordersReceived.values()) redeliveries += Math.max(0, count - 1);

  return { email, sent, rejected, faults: { ...net.injected }, tasks: tasks.length, redeliveries, problems, log };
}
