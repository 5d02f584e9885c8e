import { Dexie, type Table } from 'dexie';
import type { AdminOrder, QueuedChange } from '../orders/admin-order';

/** Small values of the device: the admin token, the order feed's checkpoint. */
export interface Setting {
  key: 'token' | 'checkpoint';
  value: string;
}

/**
 * The back-office's own IndexedDB database, apart from the shop's: signing out of one never touches
 * the other, and the shop's collection budget (RxDB's limit per page) is not spent on it. Dexie
 * directly: three small tables, read into memory once and written through.
 */
export class AdminDatabase extends Dexie {
  orders!: Table<AdminOrder, string>;
  changes!: Table<QueuedChange, string>;
  settings!: Table<Setting, string>;

  constructor(name = 'fixings-admin') {
    super(name);
    this.version(1).stores({
      orders: 'order_id',
      changes: 'key, order_id',
      picks: '[order_id+sku], order_id',
      settings: 'key',
    });
    // Ticks are counted on the server now (the order's picks) and queued with the status changes.
    this.version(2).stores({ picks: null });
  }
}
