import { describe, expect, it } from 'vitest';
import { cartHash } from '../../../replication/cart/cart-hash';
import type { CartLine } from '../../../schemas/rx/cart.schema';
import type { OrderRecord } from '../../../schemas/rx/orders.schema';
import { DEFAULT_CART_STATE, DEFAULT_SETTINGS, DEFAULT_UI_FLAGS } from '../../../schemas/rx/local-documents';
import { summarizeSync, unsyncedCartLines, type SyncInputs } from './sync-overview';
import { SYNC_STATUS } from './sync-status';

const order = (id: string, patch: Partial<OrderRecord>): OrderRecord => ({ order_id: id, state: 'queued', transmited: false, attempts: 0, body: {}, created_at: 1, updated_at: 1, ...patch });
const line = (sku: string, qty: number, serverId: number | null): CartLine =>
  ({ id: `${sku}|x`, sku, name: sku, type_id: 'simple', qty, checksum: 'x', product_option: {}, price_pence: 100, price_incl_tax_pence: 120, server_item_id: serverId, errors: {}, info: {}, added_at: 1, updated_at: 1 });

const inputs = (patch: Partial<SyncInputs>): SyncInputs => ({
  online: true,
  leading: true,
  orders: [],
  tasks: [],
  lines: [],
  cart: DEFAULT_CART_STATE,
  status: SYNC_STATUS.fallback,
  settings: DEFAULT_SETTINGS,
  ui: DEFAULT_UI_FLAGS,
  ...patch,
});

describe('the sync overview', () => {
  it('splits orders into waiting (flagged when the shopper was asked), sent with number and time, and rejected, newest first', () => {
    const overview = summarizeSync(
      inputs({
        orders: [
          order('a', { created_at: 10 }),
          order('b', { created_at: 20, attempts: 2, error: 'The order can not be transfered because of server error. Order has been queued' }),
          order('c', { created_at: 5, state: 'sent', transmited: true, transmited_at: 7, result: { increment_id: '000001000', grand_total: 17 } }),
          order('d', { created_at: 6, state: 'rejected', error: 'Address invalid: order canceled' }),
        ],
        ui: { ...DEFAULT_UI_FLAGS, ordersAwaitingConfirmation: ['a'] },
      }),
    );
    expect(overview.waitingOrders.map((o) => [o.orderId, o.awaitingConfirmation, o.attempts])).toEqual([['b', false, 2], ['a', true, 0]]);
    expect(overview.sentOrders).toEqual([{ orderId: 'c', placedAt: 5, sentAt: 7, number: '000001000', grandTotal: 17 }]);
    expect(overview.rejectedOrders).toEqual([{ orderId: 'd', placedAt: 6, error: 'Address invalid: order canceled' }]);
    expect(overview.waitingCount).toBe(2);
  });

  it('lists an order refused for a changed price as waiting for the confirmation of its new total, whatever the setting', () => {
    const repriced = { grand_total: 16.94, confirmed_grand_total: 8.95, totals: { grand_total: 16.94 } as never };
    const overview = summarizeSync(inputs({ orders: [order('r', { state: 'repriced', repriced, error: 'The prices have changed' }), order('q', { created_at: 0 })], settings: { ...DEFAULT_SETTINGS, automaticTransmission: true } }));
    expect(overview.waitingOrders.map((o) => [o.orderId, o.awaitingConfirmation, o.newTotal])).toEqual([['r', true, 16.94], ['q', false, null]]);
    expect(overview.waitingCount).toBe(2);
  });

  it('counts cart changes the server has not confirmed', () => {
    const synced = [line('A', 1, 11), line('B', 2, 12)];
    const token = 'cart-1';
    expect(unsyncedCartLines([], { token: null, itemsHash: null })).toBe(0);
    // Signed in, the login merge not done (its pull failed): the account's saved lines are still to come.
    expect(unsyncedCartLines([], { token, itemsHash: cartHash([], token), mergePending: true })).toBe(1);
    expect(unsyncedCartLines(synced, { token, itemsHash: cartHash(synced, token), mergePending: true })).toBe(1);
    // An empty cart whose last sync failed: a removal may not have reached the server.
    expect(unsyncedCartLines([], { token, itemsHash: null })).toBe(1);
    expect(unsyncedCartLines([], { token, itemsHash: cartHash([], token) })).toBe(0);
    expect(unsyncedCartLines(synced, { token, itemsHash: cartHash(synced, token) })).toBe(0);
    // Never sent (no cart yet), a new line, a changed quantity since the last sync.
    expect(unsyncedCartLines(synced, { token: null, itemsHash: null })).toBe(1);
    expect(unsyncedCartLines([...synced, line('C', 1, null)], { token, itemsHash: cartHash(synced, token) })).toBe(1);
    expect(unsyncedCartLines([line('A', 5, 11), line('B', 2, 12)], { token, itemsHash: cartHash(synced, token) })).toBe(1);
    // Changes recorded for the server's cart: counted with a cart to send them to, the customer's
    // too when the device has no cart id (an order's take of lines now gone from here); a guest
    // without a cart has none, and waits for a line that needs one.
    const take = [{ op_id: 'take-1', type: 'take' as const, key: 'A|x', sku: 'A', product_option: null, qty: 1 }];
    expect(unsyncedCartLines([], { token, itemsHash: cartHash([], token), pendingOps: take })).toBe(1);
    expect(unsyncedCartLines([], { token: null, itemsHash: null, pendingOps: take }, true)).toBe(1);
    expect(unsyncedCartLines([], { token: null, itemsHash: null, pendingOps: take }, false)).toBe(0);
    expect(summarizeSync(inputs({ cart: { ...DEFAULT_CART_STATE, pendingOps: take }, signedIn: true }))).toMatchObject({ cartChanges: 1, waitingCount: 1 });
    const overview = summarizeSync(inputs({ lines: [line('A', 1, null)], tasks: [{ task_id: 't', url: '/api/user/me', transmited: false, created_at: 3 } as never] }));
    expect(overview).toMatchObject({ cartChanges: 1, tasks: [{ taskId: 't', url: '/api/user/me', createdAt: 3 }], waitingCount: 2 });
  });
});
