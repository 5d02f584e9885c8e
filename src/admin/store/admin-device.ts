import type { OrderStatusChange } from '../../../schemas/api/admin';
import type { PickTick } from '../../../schemas/api/admin-picks';
import type { AdminOrder, QueuedChange } from '../orders/admin-order';
import { AdminDatabase } from './admin-db';

/** What the packer asks for: a status change, or a tick of units picked. */
type ChangeBody = { kind: 'status'; body: OrderStatusChange } | { kind: 'pick'; body: PickTick };
const newKey = () => `admin-${crypto.randomUUID()}`;
const newer = (had: AdminOrder | undefined, given: AdminOrder) => !had || (given.change_seq ?? 0) >= (had.change_seq ?? 0);

/**
 * What this tablet holds, in memory and written through to its database: the admin token, the orders
 * (from the feed, with the units picked on every tablet) and the status changes and ticks not yet answered. Views read it through
 * `subscribe`/`version` (useSyncExternalStore); the list filters the in-memory copy (fast at 10,000
 * orders, and the same offline as online).
 */
export class AdminDevice {
  private orders = new Map<string, AdminOrder>();
  private newestFirst: AdminOrder[] | null = null;
  private queue: QueuedChange[] = [];
  private listeners = new Set<() => void>();
  private lastSeq = 0;
  version = 0;
  token: string | null = null;
  checkpoint = '0';
  /** Why the device was signed out (the server's message for a wrong or revoked token), shown on the sign-in page. */
  signedOutBecause: string | null = null;

  private constructor(readonly db: AdminDatabase) {}

  static async open(db = new AdminDatabase()): Promise<AdminDevice> {
    const device = new AdminDevice(db);
    const [orders, changes, settings] = await Promise.all([db.orders.toArray(), db.changes.toArray(), db.settings.toArray()]);
    for (const order of orders) device.orders.set(order.order_id, order);
    device.queue = changes.sort((a, b) => a.seq - b.seq);
    device.lastSeq = device.queue.at(-1)?.seq ?? 0;
    device.token = settings.find((s) => s.key === 'token')?.value ?? null;
    device.checkpoint = settings.find((s) => s.key === 'checkpoint')?.value ?? '0';
    return device;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = (): number => this.version;

  private changed(ordersToo = false): void {
    if (ordersToo) this.newestFirst = null;
    this.version++;
    for (const listener of this.listeners) listener();
  }

  /** Every order on the device, newest first (sorted once per change, not per filter). */
  ordersNewestFirst(): AdminOrder[] {
    this.newestFirst ??= [...this.orders.values()].sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : a.order_id < b.order_id ? 1 : -1));
    return this.newestFirst;
  }

  /** An order by its order_id or its number. */
  order(id: string): AdminOrder | undefined {
    return this.orders.get(id) ?? [...this.orders.values()].find((o) => o.increment_id === id);
  }

  /** Orders from the server; an older copy (lower change_seq) never replaces a newer one. */
  async putOrders(orders: readonly AdminOrder[], checkpoint?: string): Promise<void> {
    const token = this.token;
    const fresh = orders.filter((o) => newer(this.orders.get(o.order_id), o));
    const stored = await this.db.transaction('rw', this.db.orders, this.db.settings, async () => {
      if (!this.signedInAs(token)) return false;
      if (fresh.length > 0) await this.db.orders.bulkPut(fresh);
      if (checkpoint !== undefined) await this.db.settings.put({ key: 'checkpoint', value: checkpoint });
      return true;
    });
    if (!stored || !this.signedInAs(token)) return;
    for (const o of fresh) this.orders.set(o.order_id, o);
    if (checkpoint !== undefined) this.checkpoint = checkpoint;
    if (fresh.length > 0) this.changed(true);
  }

  /**
   * A change the server has done: it leaves the queue and the order takes the server's copy in one
   * step, so a tick is never counted twice (queued and in the server's picks) or not at all.
   */
  async settleChange(key: string, order: AdminOrder | undefined): Promise<void> {
    const token = this.token;
    const found = order && newer(this.orders.get(order.order_id), order) ? order : undefined;
    let fresh: AdminOrder | undefined;
    await this.db.transaction('rw', this.db.orders, this.db.changes, async () => {
      fresh = this.signedInAs(token) ? found : undefined;
      if (fresh) await this.db.orders.put(fresh);
      await this.db.changes.delete(key);
    });
    if (fresh && this.signedInAs(token)) this.orders.set(fresh.order_id, fresh);
    this.queue = this.queue.filter((c) => c.key !== key);
    this.changed(fresh !== undefined);
  }

  changes(orderId?: string): QueuedChange[] {
    return orderId === undefined ? this.queue : this.queue.filter((c) => c.order_id === orderId);
  }

  /** Queues a status change with a new Idempotency-Key; it is on the device before the call returns. */
  queueChange(order: AdminOrder, body: OrderStatusChange, now = Date.now()): Promise<QueuedChange> {
    return this.enqueue(order, { kind: 'status', body }, now);
  }

  /**
   * Queues a tick of units picked, sent like a status change (in turn with the order's other changes).
   * Its Idempotency-Key is also its `tick_id`, which the server keeps with the count: sent again even
   * days later (the key's reply is kept for 24 hours), it is not counted twice.
   */
  queueTick(order: AdminOrder, body: PickTick, now = Date.now()): Promise<QueuedChange> {
    const key = newKey();
    return this.enqueue(order, { kind: 'pick', body: { ...body, tick_id: key } }, now, key);
  }

  private async enqueue(order: AdminOrder, what: ChangeBody, now: number, key = newKey()): Promise<QueuedChange> {
    const change: QueuedChange = {
      key,
      seq: ++this.lastSeq,
      order_id: order.order_id,
      increment_id: order.increment_id,
      ...what,
      state: 'queued',
      attempts: 0,
      next_at: now,
      queued_at: new Date(now).toISOString(),
    };
    await this.db.changes.put(change);
    this.queue = [...this.queue, change];
    this.changed();
    return change;
  }

  async updateChange(change: QueuedChange): Promise<void> {
    await this.db.changes.put(change);
    this.queue = this.queue.map((c) => (c.key === change.key ? change : c));
    this.changed();
  }

  async removeChange(key: string): Promise<void> {
    await this.db.changes.delete(key);
    this.queue = this.queue.filter((c) => c.key !== key);
    this.changed();
  }

  /** Units of a line picked: the server's count (every tablet's ticks it has) and this tablet's ticks still queued. */
  picked(orderId: string, sku: string): number {
    const order = this.orders.get(orderId);
    const counted = order?.picks?.find((p) => p.sku === sku)?.picked ?? 0;
    let queued = 0;
    for (const c of this.queue) if (c.kind === 'pick' && c.state === 'queued' && c.order_id === orderId && c.body.sku === sku) queued += c.body.quantity;
    return counted + queued;
  }

  /** Whether the device is still signed in with the token a write began under (not signed out or in again since). */
  private signedInAs(token: string | null): boolean {
    return token !== null && this.token === token;
  }

  async signIn(token: string): Promise<void> {
    await this.db.settings.put({ key: 'token', value: token });
    this.token = token;
    this.signedOutBecause = null;
    this.changed();
  }

  /**
   * Forgets the token and every order on the device: whoever holds the tablet next sees nothing
   * until they sign in. Status changes and ticks not yet sent stay queued and go with the next sign-in
   * (what the packer did is never dropped).
   */
  async signOut(because: string | null = null): Promise<void> {
    // At once, before the clearing transaction: a feed page or a settled change that arrives meanwhile
    // (its request sent with the old token) sees the device signed out and stores nothing after the clear.
    this.token = null;
    await this.db.transaction('rw', this.db.orders, this.db.settings, async () => {
      await Promise.all([this.db.orders.clear(), this.db.settings.clear()]);
    });
    this.orders.clear();
    this.token = null;
    this.checkpoint = '0';
    this.signedOutBecause = because;
    this.changed(true);
  }
}
