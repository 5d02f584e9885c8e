import { describe, expect, it } from 'vitest';
import { UnknownOutcomeError } from '../api/api-errors';
import { cartSyncSetup, newLine } from '../../tests/doubles/cart/cart-test-setup';
import type { Fault } from '../../tests/doubles/cart/fake-cart-server';
import type { CartLine } from './cart-types';
import { withLineReplacedDuringMerge } from './merge-removals';
import { withCartOp, withLinesOrdered } from './cart-ops-journal';
import { DEFAULT_CART_STATE } from '../../schemas/rx/local-documents';

/**
 * A guest with A×2 and B×1 in a guest cart signs in; the customer's own cart holds A×1 and SAVED×1
 * from another session. The merge gives A×3, B×1, SAVED×1 on both sides, however it goes.
 */
async function guestAboutToSignIn() {
  const page = cartSyncSetup();
  const customerCart = page.server.customerCartId();
  page.server.put(customerCart, 'A', 1);
  page.server.put(customerCart, 'SAVED', 1);
  page.add(newLine('A', 2, 1));
  page.add(newLine('B', 1, 2));
  await page.sync.sync();
  expect(page.onServer()).toEqual({ A: 2, B: 1 });
  return { page, customerCart };
}
const MERGED = { A: 3, B: 1, SAVED: 1 };

describe('the login merge', () => {
  it('sums the quantities and adds the saved lines', async () => {
    const { page, customerCart } = await guestAboutToSignIn();
    await page.signIn();
    expect(page.store.current()).toMatchObject({ token: customerCart, customerCart: true, mergePending: false });
    expect(page.local()).toEqual(MERGED);
    expect(page.onServer()).toEqual(MERGED);
  });

  const interruptions: [string, Fault][] = [
    ['the connection drops before the cart is created', 'network'],
    ['the reply of the summed line is lost', 'lost-reply'],
    ['the server answers 503', { status: 503 }],
  ];
  it.each(interruptions)('interrupted (%s), the next client-wins sync in checkout finishes it without deleting or summing twice', async (_, fault) => {
    const { page } = await guestAboutToSignIn();
    // The merge adds a guest line to the customer's cart as a change (/api/cart/apply).
    page.server.fail(fault === 'network' ? '/api/cart/create' : '/api/cart/apply', fault);
    await expect(page.signIn()).rejects.toBeInstanceOf(UnknownOutcomeError);
    expect(page.store.current().mergePending).toBe(true);
    await page.sync.sync({ forceClientState: true });
    expect(page.store.current().mergePending).toBe(false);
    expect(page.local()).toEqual(MERGED);
    expect(page.onServer()).toEqual(MERGED);
  });

  const unanswered: [string, Fault][] = [
    ['it reached the cart, its reply lost', 'lost-reply'],
    ['it did not reach the cart, a 503', { status: 503 }],
  ];
  it.each(unanswered)('a merged line whose add went unanswered (%s) is sent as that add again: what another device added to the line meanwhile stays (seed 1160000162)', async (_, fault) => {
    const { page, customerCart } = await guestAboutToSignIn();
    page.server.fail('/api/cart/apply', fault);
    await expect(page.signIn()).rejects.toBeInstanceOf(UnknownOutcomeError);
    expect(page.store.current().mergeAdds).toHaveLength(1);
    // The phone adds a box of A to the customer's cart while the laptop's merge is unanswered.
    page.server.put(customerCart, 'A', page.server.lines(customerCart).A! + 1);
    await page.sync.sync({ forceClientState: true });
    expect(page.onServer()).toEqual({ ...MERGED, A: 4 });
    expect(page.local()).toEqual({ ...MERGED, A: 4 });
    expect(page.store.current()).toMatchObject({ mergePending: false, mergeAdds: [] });
  });

  it('a merged line whose add went unanswered, added to since on this device, sends that add again and what was added since', async () => {
    const { page, customerCart } = await guestAboutToSignIn();
    page.server.fail('/api/cart/apply', 'lost-reply');
    await expect(page.signIn()).rejects.toBeInstanceOf(UnknownOutcomeError);
    await page.addMore([...page.store.map.values()].find((line) => line.sku === 'A')!, 2);
    page.server.put(customerCart, 'A', page.server.lines(customerCart).A! + 1);
    await page.sync.sync({ forceClientState: true });
    expect(page.onServer()).toEqual({ ...MERGED, A: 6 });
    expect(page.local()).toEqual({ ...MERGED, A: 6 });
  });

  it.each(interruptions)("interrupted (%s), keeps the guest cart's coupon and puts it on the customer's cart when the merge is finished", async (_, fault) => {
    const { page } = await guestAboutToSignIn();
    expect(await page.sync.applyCoupon('GOOD')).toBe(true);
    page.server.fail(fault === 'network' ? '/api/cart/create' : '/api/cart/apply', fault);
    await expect(page.signIn()).rejects.toBeInstanceOf(UnknownOutcomeError);
    page.reload();
    await page.sync.load();
    const { token, coupon, couponAfterMerge } = page.store.current();
    expect(page.onServer()).toEqual(MERGED);
    expect(page.server.carts.get(token!)?.coupon).toBe('GOOD');
    expect(coupon?.code).toBe('GOOD');
    expect(couponAfterMerge).toBeNull();
  });

  it('left pending by a reload, it is finished by the next page load', async () => {
    const { page } = await guestAboutToSignIn();
    page.server.fail('/api/cart/apply', 'lost-reply');
    await expect(page.signIn()).rejects.toBeInstanceOf(UnknownOutcomeError);
    page.reload();
    await page.sync.load();
    expect(page.local()).toEqual(MERGED);
    expect(page.onServer()).toEqual(MERGED);
  });

  it('in checkout at the moment of login, the saved lines are still merged, not deleted', async () => {
    const { page } = await guestAboutToSignIn();
    await page.signIn();
    expect(page.onServer()).toEqual(MERGED);
    expect(page.local()).toEqual(MERGED);
  });

  it('merges once when a sync connected the customer cart before the login was handled', async () => {
    const page = cartSyncSetup();
    page.server.put(page.server.customerCartId(), 'SAVED', 1);
    page.session = 'customer-token'; // the token appeared; the line added right after syncs first
    page.server.signedIn = true;
    page.add(newLine('A', 2));
    await page.sync.sync({ forceClientState: true });
    expect(page.onServer()).toEqual({ A: 2, SAVED: 1 });
    await page.remove('SAVED'); // the shopper removes the saved line
    await page.sync.authorize();
    expect(page.local()).toEqual({ A: 2 });
    expect(page.onServer()).toEqual({ A: 2 });
  });
});

describe('a cart a logout kept before the server had it (signedOutCart)', () => {
  /**
   * The customer's cart holds NUT×2 on the server; the shopper removed it (`removed`: the logout
   * recorded the removal), or changed it, and signed out before that was sent.
   */
  async function signedOutBeforeSending(kept: CartLine[], removed: string[] = []) {
    const page = cartSyncSetup();
    const customerCart = page.server.customerCartId();
    const nut = page.server.put(customerCart, 'NUT', 2);
    await page.store.updateState((s) => ({ ...s, signedOutCart: { cartId: customerCart, lines: kept.map((l) => ({ ...l, server_cart_id: customerCart, server_item_id: nut.item_id, item_id: nut.item_id })), removed } }));
    return { page, customerCart };
  }

  it('a line removed before the logout does not come back at the next login; guest lines are merged as usual', async () => {
    const { page } = await signedOutBeforeSending([], [newLine('NUT', 1).id]);
    page.add(newLine('A', 1));
    await page.signIn();
    expect(page.local()).toEqual({ A: 1 });
    expect(page.onServer()).toEqual({ A: 1 });
    expect(page.store.current().signedOutCart).toBeNull();
  });

  it("a server line the device lacks but never removed is kept: another device may have added it (seed 1000001085)", async () => {
    const { page } = await signedOutBeforeSending([]);
    page.add(newLine('A', 1));
    await page.signIn();
    expect(page.local()).toEqual({ A: 1, NUT: 2 });
    expect(page.onServer()).toEqual({ A: 1, NUT: 2 });
  });

  it('a quantity changed before the logout is sent as it was, summed with a guest line of the same product', async () => {
    const { page } = await signedOutBeforeSending([newLine('NUT', 5)]);
    page.add(newLine('NUT', 1));
    await page.signIn();
    expect(page.local()).toEqual({ NUT: 6 });
    expect(page.onServer()).toEqual({ NUT: 6 });
  });

  it('interrupted after the kept lines came back, the merge finishes without adding them twice', async () => {
    const { page } = await signedOutBeforeSending([newLine('NUT', 5)]);
    page.add(newLine('NUT', 1));
    page.server.fail('/api/cart/update', 'lost-reply');
    await expect(page.signIn()).rejects.toBeInstanceOf(UnknownOutcomeError);
    page.reload();
    await page.sync.load();
    expect(page.local()).toEqual({ NUT: 6 });
    expect(page.onServer()).toEqual({ NUT: 6 });
  });

  it('kept for a cart the server has since turned into an order, the lines are dropped, the removals stand in the cart the server moved its lines to, and the new cart is merged as usual (seed 1240000259)', async () => {
    const { page, customerCart } = await signedOutBeforeSending([newLine('NUT', 5)], [newLine('BOLT', 1).id]);
    // The order queued at the logout converts the cart; the server moves the bolts it did not take to the new one.
    page.server.convert(customerCart);
    page.server.put(page.server.customerCartId(), 'BOLT', 2);
    page.server.put(page.server.customerCartId(), 'SAVED', 1);
    page.add(newLine('A', 1));
    await page.signIn();
    expect(page.local()).toEqual({ A: 1, SAVED: 1 });
    expect(page.onServer()).toEqual({ A: 1, SAVED: 1 });
    expect(page.store.current().signedOutCart).toBeNull();
  });
});

describe("a guest's changes kept for the guest cart a queued order names", () => {
  it("stay for that cart after the sign-in: they do not reach the customer's cart, whose saved bolts stay (seed 1260000438)", async () => {
    const page = cartSyncSetup();
    const customerCart = page.server.customerCartId();
    page.server.put(customerCart, 'BOLT', 4);
    // The guest added 2 bolts and set them to 3, unsent, and ordered them (queued), naming the guest cart.
    const guestCart = 'guest-queued';
    const line = newLine('BOLT', 3);
    const added = withCartOp({ ...(await page.store.state()), token: guestCart }, 'add', line, 2, undefined, 'guest-add');
    await page.store.updateState(() => withLinesOrdered(withCartOp(added, 'set', line, 3, undefined, 'guest-set'), [{ ...line, qty: 3 }], guestCart));
    page.awaiting[guestCart] = [{ sku: 'BOLT', qty: 3 }];
    await page.signIn();
    await page.sync.sync({ forceClientState: true });
    expect(page.onServer()).toEqual({ BOLT: 4 });
    expect(page.local()).toEqual({ BOLT: 4 });
    expect(page.store.current().pendingOps.map((op) => [op.op_id, op.type, op.cartId])).toEqual([
      ['guest-add', 'add', guestCart],
      ['guest-set', 'set', guestCart],
    ]);
  });
});

describe('a login merge whose cart another device ordered from meanwhile', () => {
  it("takes the server's quantity for a line it had merged into that cart: the other device's order took its part (seed 1260000308)", async () => {
    const page = cartSyncSetup();
    page.server.signedIn = true;
    page.session = 'customer-token';
    const first = page.server.customerCartId();
    // The merge put this device's 4 washers on the laptop's 1: the line holds 5, merged into the cart.
    const merged = page.server.put(first, 'WASHER', 5);
    page.add(newLine('WASHER', 5, 1, { server_cart_id: first, server_item_id: merged.item_id, item_id: merged.item_id }));
    await page.store.updateState((s) => ({ ...s, token: first, customerCart: true, mergePending: true }));
    // The laptop's order of its washer converts the cart; the server moves the other 4 to the next one.
    page.server.convert(first);
    page.server.put(page.server.customerCartId(), 'WASHER', 4);
    await page.sync.sync({ forceClientState: true });
    expect(page.store.current()).toMatchObject({ token: page.server.customerCartId(), mergePending: false });
    expect(page.local()).toEqual({ WASHER: 4 });
    expect(page.onServer()).toEqual({ WASHER: 4 });
  });
});

describe('lines an order placed on this device takes from the cart', () => {
  it('do not come back with the login merge while the order waits to be sent', async () => {
    const page = cartSyncSetup();
    const customerCart = page.server.customerCartId();
    // Ordered offline from the customer cart, then signed out before the order or the removal went.
    page.server.put(customerCart, 'BOLT', 3);
    page.server.put(customerCart, 'NUT', 5);
    page.awaiting[customerCart] = [{ sku: 'BOLT', qty: 3 }, { sku: 'NUT', qty: 2 }];
    page.add(newLine('NUT', 1));
    await page.signIn();
    expect(page.local()).toEqual({ NUT: 4 });
  });
});

describe('lines this page synced before', () => {
  it('come back when the server has them again and the server may add lines', async () => {
    const page = cartSyncSetup();
    page.add(newLine('A', 1));
    await page.sync.sync();
    const cartId = page.store.current().token!;
    await page.remove('A');
    await page.sync.sync();
    expect(page.onServer()).toEqual({});
    page.server.put(cartId, 'A', 2); // another device
    await page.store.updateState((s) => ({ ...s, forceSync: true }));
    await page.sync.load();
    expect(page.local()).toEqual({ A: 2 });
  });
});

describe('a line the shopper adds and removes while a sync runs', () => {
  it('is deleted on the server: the sync does not record the emptied cart as synced', async () => {
    const page = cartSyncSetup();
    page.add(newLine('A', 1));
    await page.sync.sync();
    page.server.onRequest = (path) => {
      if (path === '/api/cart/pull') page.add(newLine('B', 1, 2)); // added while the pull is on its way
      if (path === '/api/cart/update') return page.remove('B'); // removed while B is sent
    };
    await page.sync.sync({ forceClientState: true, forceSync: true });
    page.server.onRequest = null;
    expect(page.onServer()).toEqual({ A: 1, B: 1 });
    await page.sync.sync();
    expect(page.onServer()).toEqual({ A: 1 });
    expect(page.local()).toEqual({ A: 1 });
  });
});

/**
 * An order placed during the login merge takes lines the merge is sending. Lines it takes whole are
 * the order's: the customer cart must not keep them, nor the device get them back from it.
 */
describe('an order that takes lines while the login merge sends them', () => {
  async function signedInWithTwoLines() {
    const page = cartSyncSetup();
    const customerCart = page.server.customerCartId();
    page.server.put(customerCart, 'SAVED', 1);
    page.add(newLine('A', 2, 1));
    page.add(newLine('B', 1, 2));
    return { page, customerCart };
  }
  /** The sku of the line the merge sends: a guest line goes to the customer's cart as an add. */
  const updateOf = (path: string, body: unknown) => (path === '/api/cart/apply' ? (body as { ops: { sku: string }[] }).ops[0]!.sku : null);

  it('a line taken before its turn is not sent', async () => {
    const { page, customerCart } = await signedInWithTwoLines();
    // B goes with an order while A is being sent: the merge read B, but must not send it now.
    page.server.onRequest = (path, body) => {
      if (updateOf(path, body) === 'A') page.store.map.delete(newLine('B', 1).id);
    };
    await page.signIn();
    expect(page.server.requests.filter((r) => updateOf(r.path, r.body) === 'B')).toEqual([]);
    expect(page.server.lines(customerCart)).toEqual({ A: 2, SAVED: 1 });
    expect(page.local()).toEqual({ A: 2, SAVED: 1 });
  });

  it('a line taken while it is sent, the reply lost: the next round deletes it from the customer cart instead of bringing it back', async () => {
    const { page, customerCart } = await signedInWithTwoLines();
    page.server.onRequest = async (path, body) => {
      if (updateOf(path, body) !== 'B' || !page.store.map.has(newLine('B', 1).id)) return;
      // The order took B whole after the merge marked it as the customer cart's, and recorded it.
      page.store.map.delete(newLine('B', 1).id);
      await page.store.updateState((s) => ({ ...s, leftWithOrders: { cartId: customerCart, keys: [newLine('B', 1).id] } }));
      page.server.fail('/api/cart/apply', 'lost-reply');
    };
    await expect(page.signIn()).rejects.toBeInstanceOf(UnknownOutcomeError);
    expect(page.server.lines(customerCart)).toEqual({ A: 2, B: 1, SAVED: 1 });
    await page.sync.sync();
    expect(page.server.lines(customerCart)).toEqual({ A: 2, SAVED: 1 });
    expect(page.local()).toEqual({ A: 2, SAVED: 1 });
    expect(page.store.current()).toMatchObject({ mergePending: false, leftWithOrders: null });
  });

  it("a line added during the merge and taken before its turn by an order naming no cart: its add goes to the cart before the order's take, which the order's account counts on (seed 1250000113)", async () => {
    const { page, customerCart } = await signedInWithTwoLines();
    page.store.map.delete(newLine('B', 1).id);
    await page.addMore(newLine('B', 3, 2), 3);
    const added = page.store.current().pendingOps.map((op) => op.op_id);
    page.server.onRequest = async (path, body) => {
      const line = page.store.map.get(newLine('B', 1).id);
      if (updateOf(path, body) !== 'A' || !line) return;
      await page.store.updateState((s) => withLinesOrdered(s, [line], null));
      page.store.map.delete(line.id);
    };
    await page.signIn();
    page.server.onRequest = null;
    await page.sync.sync();
    const sentOps = page.server.requests.filter((r) => r.path === '/api/cart/apply').flatMap((r) => (r.body as { ops: { op_id: string; type: string; sku: string }[] }).ops.filter((op) => op.sku === 'B'));
    expect(sentOps.map((op) => [op.type, added.includes(op.op_id)])).toEqual([['add', true], ['take', false]]);
    expect(page.server.lines(customerCart)).toEqual({ A: 2, SAVED: 1 });
    expect(page.local()).toEqual({ A: 2, SAVED: 1 });
    expect(page.store.current().pendingOps).toEqual([]);
  });

  const cut: [string, Fault, Record<string, number>][] = [
    ['it reached the cart, its reply lost', 'lost-reply', { A: 2, B: 1, SAVED: 1 }],
    ['it never reached the cart', 'network', { A: 2, SAVED: 1 }],
  ];
  it.each(cut)('a line an order naming no cart took while it was sent (%s): it does not come back, nor stay in the customer cart (seed 1220000753)', async (_, fault, afterCut) => {
    const { page, customerCart } = await signedInWithTwoLines();
    page.server.onRequest = async (path, body) => {
      const line = page.store.map.get(newLine('B', 1).id);
      if (updateOf(path, body) !== 'B' || !line) return;
      // The order named no cart (the merge had not reached it when the order was made): its taking
      // of B is journaled, to go after the merge.
      await page.store.updateState((s) => withLinesOrdered(s, [line], null));
      page.store.map.delete(line.id);
      page.server.fail('/api/cart/apply', fault);
    };
    await expect(page.signIn()).rejects.toBeInstanceOf(UnknownOutcomeError);
    expect(page.server.lines(customerCart)).toEqual(afterCut);
    await page.sync.sync();
    await page.sync.sync();
    expect(page.server.lines(customerCart)).toEqual({ A: 2, SAVED: 1 });
    expect(page.local()).toEqual({ A: 2, SAVED: 1 });
    expect(page.store.current()).toMatchObject({ mergePending: false, pendingOps: [] });
  });
});

/**
 * The shopper removes a line while the login merge has not landed yet (its requests failed). The
 * customer cart may hold the same product (saved, or sent by the interrupted merge): the merge must
 * not bring the line back; it lands, then the removal applies, as if they came in that order.
 */
describe('a line removed while the login merge is pending', () => {
  const removeDuringMerge = async (page: Awaited<ReturnType<typeof guestAboutToSignIn>>['page'], line: CartLine) => {
    await page.store.updateState((s) => withLineReplacedDuringMerge(s, line.id));
    page.store.map.delete(line.id);
  };
  const pending: [string, string, Fault][] = [
    ['before the customer cart was connected', '/api/cart/create', 'network'],
    ['after the summed line reached the customer cart, its reply lost', '/api/cart/apply', 'lost-reply'],
  ];
  it.each(pending)('stays removed when the merge lands (interrupted %s)', async (_, path, fault) => {
    const { page, customerCart } = await guestAboutToSignIn();
    page.server.fail(path, fault);
    await expect(page.signIn()).rejects.toBeInstanceOf(UnknownOutcomeError);
    expect(page.store.current().mergePending).toBe(true);
    await removeDuringMerge(page, newLine('A', 2));
    await page.sync.sync();
    expect(page.store.current()).toMatchObject({ mergePending: false, removedWhileMerging: [] });
    expect(page.local()).toEqual({ B: 1, SAVED: 1 });
    expect(page.server.lines(customerCart)).toEqual({ B: 1, SAVED: 1 });
  });

  it('added again before the merge lands, it holds what the shopper added, not the saved quantity too', async () => {
    const { page, customerCart } = await guestAboutToSignIn();
    page.server.fail('/api/cart/create', 'network');
    await expect(page.signIn()).rejects.toBeInstanceOf(UnknownOutcomeError);
    await removeDuringMerge(page, newLine('A', 2));
    page.add(newLine('A', 4, 3));
    await page.sync.sync();
    expect(page.local()).toEqual({ A: 4, B: 1, SAVED: 1 });
    expect(page.server.lines(customerCart)).toEqual({ A: 4, B: 1, SAVED: 1 });
  });

  it('is not recorded once the merge has landed: a later removal is an ordinary one', async () => {
    const { page } = await guestAboutToSignIn();
    await page.signIn();
    expect(withLineReplacedDuringMerge(page.store.current(), newLine('A', 2).id).removedWhileMerging).toEqual([]);
  });
});

describe('a sign-in while a guest cart is being created', () => {
  it('does not end the login merge: the customer cart is connected and merged after the guest cart arrives', async () => {
    const page = cartSyncSetup();
    const customerCart = page.server.customerCartId();
    page.server.put(customerCart, 'SAVED', 1);
    page.add(newLine('A', 2));
    const signIn: { done: Promise<unknown> | null } = { done: null };
    // The guest's first line is on its way to a new guest cart when the session token appears.
    page.server.onRequest = (path) => {
      if (path === '/api/cart/create' && !signIn.done) signIn.done = page.signIn();
    };
    await page.sync.sync();
    await signIn.done;
    expect(page.store.current()).toMatchObject({ token: customerCart, customerCart: true, mergePending: false });
    expect(page.local()).toEqual({ A: 2, SAVED: 1 });
    expect(page.onServer()).toEqual({ A: 2, SAVED: 1 });
  });
});

describe('an order placed while the login merge is unfinished', () => {
  it('takes the line the merge sent whole: the changes in it are not sent once more (seed 1000000590)', async () => {
    const page = cartSyncSetup();
    const customerCart = page.server.customerCartId();
    page.server.put(customerCart, 'SAVED', 1);
    // A guest adds 2 screws; the change waits for a cart.
    await page.addMore(newLine('SCREW', 2), 2);
    // Signed in: the merge sends the screws to the customer's cart, but its reply is lost.
    page.server.fail('/api/cart/apply', 'lost-reply');
    await expect(page.signIn()).rejects.toBeInstanceOf(UnknownOutcomeError);
    expect(page.store.current().mergePending).toBe(true);
    expect(page.server.lines(customerCart)).toEqual({ SAVED: 1, SCREW: 2 });
    // The shopper adds 3 more, then orders the 5 screws from the customer's cart (the line went into it).
    await page.addMore(newLine('SCREW', 3), 3);
    const line = page.store.map.get(newLine('SCREW', 5).id)!;
    expect(line).toMatchObject({ qty: 5, server_cart_id: customerCart });
    await page.store.updateState((s) => withLinesOrdered(s, [line], customerCart));
    page.store.map.delete(line.id);
    page.awaiting[customerCart] = [{ sku: 'SCREW', qty: 5 }];
    // The merge finishes, and the changes left go to the cart: it holds the 5 screws the order takes.
    await page.sync.sync();
    await page.sync.sync();
    expect(page.store.current().mergePending).toBe(false);
    expect(page.server.lines(customerCart)).toEqual({ SAVED: 1, SCREW: 5 });
    expect(page.local()).toEqual({ SAVED: 1 });
  });
  it('a line it merged, taken by an order waiting to be sent and added again, sends its add again and the new one under an id of its own (seed 1240000172)', async () => {
    const page = cartSyncSetup();
    const customerCart = page.server.customerCartId();
    page.server.put(customerCart, 'SAVED', 1);
    await page.addMore(newLine('NUT', 5), 5);
    // Signed in: the merge's add of the 5 nuts reaches the cart, its reply is lost.
    page.server.fail('/api/cart/apply', 'lost-reply');
    await expect(page.signIn()).rejects.toBeInstanceOf(UnknownOutcomeError);
    expect(page.server.lines(customerCart)).toEqual({ SAVED: 1, NUT: 5 });
    // An order of the 5 nuts naming the customer cart waits to be sent; the shopper adds 1 nut again.
    const line = page.store.map.get(newLine('NUT', 5).id)!;
    await page.store.updateState((s) => withLinesOrdered(s, [line], customerCart));
    page.store.map.delete(line.id);
    page.awaiting[customerCart] = [{ sku: 'NUT', qty: 5 }];
    await page.addMore(newLine('NUT', 1), 1);
    await page.sync.sync();
    await page.sync.sync();
    // Sent under the merge add's id, the new nut counted as that add again: the order would take both.
    expect(page.store.current().mergePending).toBe(false);
    expect(page.server.lines(customerCart)).toEqual({ SAVED: 1, NUT: 6 });
    expect(page.local()).toEqual({ SAVED: 1, NUT: 1 });
  });

  it('a line it merged, taken by an order naming no cart and added again, sends its add again, the order\'s take and the new one (seed 7014)', async () => {
    const page = cartSyncSetup();
    const customerCart = page.server.customerCartId();
    page.server.put(customerCart, 'SAVED', 1);
    await page.addMore(newLine('ANCHOR', 1), 1);
    page.server.fail('/api/cart/apply', 'lost-reply');
    await expect(page.signIn()).rejects.toBeInstanceOf(UnknownOutcomeError);
    expect(page.server.lines(customerCart)).toEqual({ SAVED: 1, ANCHOR: 1 });
    // An order of the anchor naming no cart (placed while the merge was pending) takes it by a take in the journal; the shopper adds 4 again.
    const line = page.store.map.get(newLine('ANCHOR', 1).id)!;
    await page.store.updateState((s) => withLinesOrdered(s, [line], null));
    page.store.map.delete(line.id);
    await page.addMore(newLine('ANCHOR', 4), 4);
    await page.sync.sync();
    await page.sync.sync();
    expect(page.store.current().mergePending).toBe(false);
    expect(page.server.lines(customerCart)).toEqual({ SAVED: 1, ANCHOR: 4 });
    expect(page.local()).toEqual({ SAVED: 1, ANCHOR: 4 });
  });
});

describe('a sign-in again while an order of the session before waits to be sent', () => {
  it('sends the changes kept for its cart before the merge, so the ordered quantity is in that cart once (seed 1000003597)', async () => {
    const page = cartSyncSetup();
    const customerCart = page.server.customerCartId();
    await page.signIn();
    // Signed in, the shopper adds a bolt and orders it before the change reached the customer's cart.
    await page.addMore(newLine('BOLT', 1), 1);
    const line = page.store.map.get(newLine('BOLT', 1).id)!;
    await page.store.updateState((s) => withLinesOrdered(s, [line], customerCart));
    page.store.map.delete(line.id);
    page.awaiting[customerCart] = [{ sku: 'BOLT', qty: 1 }];
    // Signed out (as `signOut` keeps them, the change goes with the waiting order), a guest adds a bolt.
    await page.store.updateState((s) => ({ ...DEFAULT_CART_STATE, opsForWaitingOrders: s.pendingOps.filter((op) => op.cartId === customerCart) }));
    page.session = null;
    page.server.signedIn = false;
    await page.addMore(newLine('BOLT', 1), 1);
    // Signed in again: the cart holds the ordered bolt and the guest's, and nothing more is owed to it.
    await page.signIn();
    expect(page.server.lines(customerCart)).toEqual({ BOLT: 2 });
    expect(page.store.current().opsForWaitingOrders).toEqual([]);
    expect(page.local()).toEqual({ BOLT: 1 });
  });
});

describe("a sign-in again after another device's order converted the cart a logout kept takes for", () => {
  it("sends the takes of an order that named no cart to the customer's next cart, where the server moved the lines (seed 1290000089)", async () => {
    const page = cartSyncSetup();
    const oldCart = page.server.customerCartId();
    await page.signIn();
    // The order naming no cart took the device's anchor; its take is kept past the logout for the customer's cart.
    const anchor = newLine('ANCHOR', 1);
    await page.store.updateState((s) => ({ ...DEFAULT_CART_STATE, opsForWaitingOrders: [{ ...withCartOp(s, 'take', anchor, 1).pendingOps[0]!, cartId: oldCart, forCustomerCart: true }] }));
    page.session = null;
    page.server.signedIn = false;
    // Meanwhile another device's order converted that cart; the server moved the anchor it did not take to the next one.
    page.server.convert(oldCart);
    const nextCart = page.server.customerCartId();
    page.server.put(nextCart, 'ANCHOR', 1);
    page.server.put(nextCart, 'NUT', 3);
    await page.signIn();
    await page.sync.sync();
    expect(page.server.lines(nextCart)).toEqual({ NUT: 3 });
    expect(page.local()).toEqual({ NUT: 3 });
    expect(page.store.current().opsForWaitingOrders).toEqual([]);
  });
});
