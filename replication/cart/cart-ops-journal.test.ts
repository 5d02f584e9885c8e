import { describe, expect, it } from 'vitest';
import { CHANGES_BEFORE_V2 } from '../../schemas/rx/cart.schema';
import { DEFAULT_CART_STATE } from '../../schemas/rx/local-documents';
import { apiOp, changesInLines, inCartTerms, removedLast, withCartOp, withChangesBack, withChangesForAnotherCart, withLinesOrdered, withoutOps } from './cart-ops-journal';

const bolt = { id: 'BOLT|x', sku: 'BOLT', product_option: {} };
const anchor = { id: 'ANCHOR|y', sku: 'ANCHOR', product_option: { extension_attributes: { configurable_item_options: [{ option_id: '1', option_value: 2 }] } } };

describe('the cart changes journal', () => {
  it('keeps each change with its own id, in order, and sends options only when there are some', () => {
    const state = withCartOp(withCartOp(DEFAULT_CART_STATE, 'add', bolt, 2), 'set', anchor, 5);
    expect(state.pendingOps.map((op) => [op.type, op.key, op.qty])).toEqual([['add', 'BOLT|x', 2], ['set', 'ANCHOR|y', 5]]);
    expect(new Set(state.pendingOps.map((op) => op.op_id)).size).toBe(2);
    expect(apiOp(state.pendingOps[0]!)).toEqual({ op_id: state.pendingOps[0]!.op_id, type: 'add', sku: 'BOLT', qty: 2 });
    expect(apiOp(state.pendingOps[1]!)).toMatchObject({ product_option: anchor.product_option, qty: 5 });
    expect(withoutOps(state, new Set([state.pendingOps[0]!.op_id])).pendingOps.map((op) => op.key)).toEqual(['ANCHOR|y']);
  });

  it('keeps the changes of lines an order took whole for the cart it names only; one naming none takes what the device held there after them', () => {
    const state = withCartOp(withCartOp(DEFAULT_CART_STATE, 'add', bolt, 2), 'add', anchor, 1);
    expect(withLinesOrdered(state, [{ ...bolt, qty: 2 }], 'cart-1').pendingOps.map((op) => [op.type, op.key, op.cartId])).toEqual([['add', 'BOLT|x', 'cart-1'], ['add', 'ANCHOR|y', undefined]]);
    expect(withLinesOrdered(state, [{ ...bolt, qty: 2 }], null).pendingOps.map((op) => [op.type, op.key, op.qty])).toEqual([['add', 'BOLT|x', 2], ['add', 'ANCHOR|y', 1], ['take', 'BOLT|x', 2]]);
  });

  it('gives back, before the line\'s later changes, the changes the login merge dropped for a line that went before it was sent (seed 1250000113)', () => {
    // Three bolts added, the merge drops that add as sent with the line, then an order naming no cart takes the line.
    const added = withCartOp(DEFAULT_CART_STATE, 'add', bolt, 3);
    const held = added.pendingOps;
    const taken = withLinesOrdered(withoutOps(withCartOp(added, 'add', anchor, 1), new Set([held[0]!.op_id])), [{ ...bolt, qty: 3 }], null);
    const back = withChangesBack(taken, held);
    expect(back.pendingOps.map((op) => [op.type, op.key, op.qty])).toEqual([['add', 'ANCHOR|y', 1], ['add', 'BOLT|x', 3], ['take', 'BOLT|x', 3]]);
    // Given back once; and a line with no change after it gets none.
    expect(withChangesBack(back, held)).toBe(back);
    expect(withChangesBack(withoutOps(added, new Set([held[0]!.op_id])), held).pendingOps).toEqual([]);
  });

  it("drops the changes kept for a cart the device no longer uses, but sends the line's last overwrite there as a removal, in its place (seed 1250000065)", () => {
    // Bolts removed, one added back and ordered, naming cart-1; then an anchor set and ordered; then bolts added for the next cart.
    let state = withCartOp(withCartOp({ ...DEFAULT_CART_STATE, token: 'cart-1' }, 'remove', bolt), 'add', bolt, 1);
    state = withLinesOrdered(state, [{ ...bolt, qty: 1 }], 'cart-1');
    state = withLinesOrdered(withCartOp(withCartOp(state, 'add', anchor, 1), 'set', anchor, 3), [{ ...anchor, qty: 3 }], 'cart-1');
    state = withCartOp(state, 'add', bolt, 4);
    const [removal, , , set] = state.pendingOps;
    const next = withChangesForAnotherCart({ ...state, token: 'cart-2' }, 'cart-2');
    expect(next.pendingOps.map((op) => [op.op_id, op.type, op.key, op.qty, op.cartId])).toEqual([
      [removal!.op_id, 'remove', 'BOLT|x', undefined, undefined],
      [set!.op_id, 'remove', 'ANCHOR|y', undefined, undefined],
      [state.pendingOps[4]!.op_id, 'add', 'BOLT|x', 4, undefined],
    ]);
    // Still the cart the order named: nothing changes.
    expect(withChangesForAnotherCart(state, 'cart-1')).toBe(state);
    // An order still waiting names cart-1: its changes stay for it (seed 1260000438).
    expect(withChangesForAnotherCart({ ...state, token: 'cart-2' }, 'cart-2', new Set(['cart-1'])).pendingOps).toEqual(state.pendingOps);
  });

  it("keeps an earlier order's changes for the cart it names when a later one naming none takes the line", () => {
    const pinned = withLinesOrdered(withCartOp({ ...DEFAULT_CART_STATE, token: 'cart-1' }, 'add', bolt, 1), [{ ...bolt, qty: 1 }], 'cart-1');
    const state = withCartOp(pinned, 'add', bolt, 2);
    const ops = withLinesOrdered(state, [{ ...bolt, qty: 2 }], null).pendingOps;
    expect(ops.map((op) => [op.type, op.qty, op.cartId])).toEqual([['add', 1, 'cart-1'], ['add', 2, undefined], ['take', 2, undefined]]);
    // Sent beside that order, the take stays a take: a set would drop what another device added.
    expect(inCartTerms(ops[2]!, new Map([['BOLT|x', 1]]))).toMatchObject({ type: 'take', qty: 2 });
  });

  it("keeps an earlier order's changes for the cart it names when a later one naming another cart takes the line (seed 1260000947)", () => {
    // A guest's order names cart-1 and waits; signed in, the shopper adds the same product and orders from cart-2.
    const pinned = withLinesOrdered(withCartOp({ ...DEFAULT_CART_STATE, token: 'cart-1' }, 'add', bolt, 5), [{ ...bolt, qty: 5 }], 'cart-1');
    const state = withCartOp({ ...pinned, token: 'cart-2' }, 'add', bolt, 3);
    const ops = withLinesOrdered(state, [{ ...bolt, qty: 3 }], 'cart-2').pendingOps;
    expect(ops.map((op) => [op.type, op.qty, op.cartId])).toEqual([['add', 5, 'cart-1'], ['add', 3, 'cart-2']]);
  });

  it('names the lines whose last change was a removal, or an order taking them', () => {
    const state = withCartOp(withCartOp(withCartOp(DEFAULT_CART_STATE, 'remove', bolt), 'add', bolt, 1), 'remove', anchor);
    expect(removedLast(state.pendingOps)).toEqual(new Set(['ANCHOR|y']));
    expect(removedLast(withCartOp(state, 'take', bolt, 1).pendingOps)).toEqual(new Set(['ANCHOR|y', 'BOLT|x']));
  });

  it('tells which changes the lines read hold: up to the last written to a line, and for a line gone up to its removal', () => {
    const state = ['A1', 'A2', 'B1', 'B2', 'B3', 'C1'].reduce(
      (next, id) => withCartOp(next, id === 'B2' ? 'remove' : id === 'C1' ? 'set' : 'add', id.startsWith('A') ? anchor : id.startsWith('B') ? bolt : { id: 'CLIP|z', sku: 'CLIP' }, 1, undefined, id),
      DEFAULT_CART_STATE,
    );
    const held = (lines: { id: string; last_op_id?: string | null }[]) => changesInLines(state.pendingOps, lines).map((op) => op.op_id);
    // A2 recorded, its line not written yet; BOLT removed and added again, the add not written yet; CLIP's set written.
    expect(held([{ id: anchor.id, last_op_id: 'A1' }, { id: 'CLIP|z', last_op_id: 'C1' }])).toEqual(['A1', 'B1', 'B2', 'C1']);
    // A line no change was written to (the server's) holds none; one kept from before v2 holds all.
    expect(held([{ id: anchor.id }, { id: bolt.id, last_op_id: 'B3' }, { id: 'CLIP|z', last_op_id: CHANGES_BEFORE_V2 }])).toEqual(['B1', 'B2', 'B3', 'C1']);
  });

  it('holds none of the changes made to a line added again after the read: a quantity set on it goes after the merge with its add', () => {
    // Removed, read without it, then added again and set to 5 (neither written when the lines were read).
    const state = withCartOp(withCartOp(withCartOp(DEFAULT_CART_STATE, 'remove', bolt, undefined, undefined, 'R1'), 'add', bolt, 1, undefined, 'A1'), 'set', bolt, 5, undefined, 'S1');
    expect(changesInLines(state.pendingOps, []).map((op) => op.op_id)).toEqual(['R1']);
    // A line an order took (its changes kept for that cart, no removal recorded) holds them all.
    const ordered = withLinesOrdered(withCartOp(DEFAULT_CART_STATE, 'set', bolt, 3, undefined, 'S0'), [{ ...bolt, qty: 3 }], 'cart-1');
    expect(changesInLines(ordered.pendingOps, []).map((op) => op.op_id)).toEqual(['S0']);
  });
});
