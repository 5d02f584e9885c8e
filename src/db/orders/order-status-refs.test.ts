import { describe, expect, it } from 'vitest';
import { orderRef as serverOrderRef } from '../../../server/order/order-changes';
import { orderRef, ordersNamedBy } from './order-status-refs';

describe('order refs on the device', () => {
  it('are the digest the server puts on the change stream, for any order id', async () => {
    for (const id of ['e2e-1732590000000', '6f1c2d9e-2b7a-4c1e-9a51-0c3e7b9d4f20', 'ordre-été-✓', 'a'.repeat(80)]) {
      const ref = await orderRef(id);
      expect(ref).toMatch(/^[0-9a-f]{24}$/);
      expect(ref).toBe(serverOrderRef(id));
    }
  });

  it("pick out the order a ref names among the device's orders, and none for someone else's", async () => {
    const mine = ['order-a', 'order-b', 'order-c'];
    expect(await ordersNamedBy(serverOrderRef('order-b'), mine)).toEqual(['order-b']);
    expect(await ordersNamedBy(serverOrderRef('order-b'), [...mine, 'order-b'])).toEqual(['order-b']);
    expect(await ordersNamedBy(serverOrderRef('another-shoppers-order'), mine)).toEqual([]);
    expect(await ordersNamedBy(serverOrderRef('order-a'), [])).toEqual([]);
    // A ref is a prefix of the digest, never the id itself.
    expect(await ordersNamedBy('order-a', mine)).toEqual([]);
  });
});
