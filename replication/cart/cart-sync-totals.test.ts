import { describe, expect, it } from 'vitest';
import { cartSyncSetup, newLine } from '../../tests/doubles/cart/cart-test-setup';

describe("the cart's totals after a sync", () => {
  it('are asked for again after a change the lines here already showed reaches the server', async () => {
    const page = cartSyncSetup();
    page.add(newLine('A', 2));
    await page.sync.sync();
    await page.setQty('A', 3);
    // "Add to cart" while the quantity change is on its way: the round reads the new line with the
    // server's reply, but the addition itself goes in the next round.
    let adding = true;
    page.server.onRequest = async (path) => {
      if (path !== '/api/cart/apply' || !adding) return;
      adding = false;
      await page.addMore(newLine('B', 1, 2), 1);
    };
    await page.sync.sync();
    expect(page.onServer()).toEqual({ A: 3 });
    await page.sync.sync();
    expect(page.onServer()).toEqual({ A: 3, B: 1 });
    expect(page.store.current().platformTotals?.grand_total).toBe(40);
  });
});
