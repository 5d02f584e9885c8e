import { EventEmitter } from 'node:events';
import type { Database } from '../db/database';
import { ORDER_CHANGES_CHANNEL } from './order-changes';

/** What the public change stream says about an order: its digest and new status, nothing personal. */
export interface OrderSignal {
  ref: string;
  status: string;
}

export type OrderSignals = EventEmitter<{ order: [OrderSignal] }>;

const REF = /^[0-9a-f]{24}$/;
const STATUS = /^[a-z_]{1,32}$/;

/**
 * Only the two public fields go on: a notification carrying anything else (a mistake elsewhere, or a
 * payload from an older process) can never leak it to every listener.
 */
export function toOrderSignal(payload: string): OrderSignal | null {
  try {
    const value = JSON.parse(payload) as { ref?: unknown; status?: unknown } | null;
    if (!value || typeof value.ref !== 'string' || typeof value.status !== 'string') return null;
    if (!REF.test(value.ref) || !STATUS.test(value.status)) return null;
    return { ref: value.ref, status: value.status };
  } catch {
    return null;
  }
}

const listening = new WeakMap<Database, Promise<OrderSignals>>();

/**
 * The order changes of every process on the database, from one LISTEN per process that all stream
 * connections share. Started by the first stream connection (which waits for it, so nothing committed
 * after its `ready` is missed) and kept until the database closes.
 */
export function orderSignals(db: Database): Promise<OrderSignals> {
  let started = listening.get(db);
  if (!started) {
    const events: OrderSignals = new EventEmitter();
    events.setMaxListeners(0);
    started = db
      .listen(db.channel(ORDER_CHANGES_CHANNEL), (payload) => {
        const signal = toOrderSignal(payload);
        if (signal) events.emit('order', signal);
      })
      .then(() => events);
    // A failed LISTEN (the database briefly away) is tried again by the next connection.
    started.catch(() => listening.delete(db));
    listening.set(db, started);
  }
  return started;
}
