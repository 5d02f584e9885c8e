import type { CartState, CartStore } from './cart-types';
import { mergeAddOf } from './merge-adds';

/**
 * The customer cart the device used is gone, turned into an order. The server moved the lines the
 * order did not take into the customer's next open cart (`moveUntakenLines`): lines confirmed in the
 * old cart, or sent there by a pending login merge, are there now. A login merge into the next cart
 * that summed them with the server's lines again would count them twice (a merge pending now, or the
 * one after the session comes back). So the old cart is remembered until the next customer cart is
 * connected (`carryMergedLines`). A guest cart's lines stay with it: nothing to remember.
 */
export const convertedCustomerCart = (state: CartState): string | null => (state.customerCart && state.token ? state.token : state.convertedCustomerCart);

/**
 * The customer cart `token` was connected: lines of the converted cart count as this one's (their
 * item ids belong to the old cart, so they are matched by product), and lines left with orders from
 * the old cart are looked for here.
 */
export async function carryMergedLines(store: CartStore, token: string): Promise<void> {
  const state = await store.state();
  const converted = state.convertedCustomerCart;
  if (!converted) return;
  const carried: string[] = [];
  for (const line of await store.lines()) {
    if (line.server_cart_id !== converted) continue;
    await store.putLine({ ...line, server_cart_id: token, server_item_id: null, item_id: null });
    // One whose merge add went unanswered may never have reached the old cart: the merge sends it again.
    if (!mergeAddOf(state.mergeAdds, converted, line.id)) carried.push(line.id);
  }
  await store.updateState((s) => ({
    ...s,
    convertedCustomerCart: null,
    leftWithOrders: s.leftWithOrders?.cartId === converted ? { ...s.leftWithOrders, cartId: token } : s.leftWithOrders,
    carriedLines: carried.length > 0 ? { cartId: token, keys: carried } : null,
  }));
}
