import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { AdminOrder } from '../orders/admin-order';
import { AdminDatabase } from './admin-db';
import { AdminDevice } from './admin-device';

const order: AdminOrder = { order_id: 'o-1', increment_id: '100001', status: 'pending', email: 'a@example.com', created_at: '2026-11-28T08:00:00Z', change_seq: 1, items: [] };

async function storedOrders(name: string): Promise<number> {
  const db = new AdminDatabase(name);
  try {
    return await db.orders.count();
  } finally {
    db.close();
  }
}

describe('signing the tablet out', () => {
  it('a feed page that arrives while the device signs out is not stored after the clear', async () => {
    const device = await AdminDevice.open(new AdminDatabase('sign-out-race'));
    await device.signIn('token');
    // The page's request went with the token before it was revoked; its reply lands as the sign-out runs.
    const signingOut = device.signOut('revoked');
    const late = device.putOrders([order], '5');
    await Promise.all([signingOut, late]);
    expect(device.order('o-1')).toBeUndefined();
    expect(device.checkpoint).toBe('0');
    expect(await storedOrders('sign-out-race')).toBe(0);
  });

  it('a settled change that arrives after the sign-out leaves no order on the device', async () => {
    const device = await AdminDevice.open(new AdminDatabase('sign-out-settle'));
    await device.signIn('token');
    await device.putOrders([order]);
    const change = await device.queueChange(order, { status: 'processing' }, 0);
    await device.signOut('revoked');
    await device.settleChange(change.key, { ...order, status: 'processing', change_seq: 2 });
    expect(device.order('o-1')).toBeUndefined();
    expect(await storedOrders('sign-out-settle')).toBe(0);
  });

  it('signed in again, the new token\'s pages are stored', async () => {
    const device = await AdminDevice.open(new AdminDatabase('sign-in-again'));
    await device.signIn('old');
    await device.signOut('revoked');
    await device.signIn('new');
    await device.putOrders([order], '1');
    expect(device.order('o-1')?.status).toBe('pending');
    expect(await storedOrders('sign-in-again')).toBe(1);
  });
});
