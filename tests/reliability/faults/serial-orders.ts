import { addLines, formatLines, type Lines } from './lines';

/**
 * The carts two devices of one customer may end with. Each device's changes reach the server in the
 * order the shopper made them there, but a device that was offline, or whose requests failed, sends
 * its changes later than the other's: the server applies each device's sequence in its own order,
 * interleaved with the other's as they arrive. So the cart is right when it is what SOME serial
 * order of the shopper's operations gives, keeping each device's own order, not only the order in
 * which the shopper made them across the two devices.
 *
 * A state is the customer's cart (`customer`) and, while the first device is signed out, its guest
 * cart (`guest`), which signing in again adds to the customer's.
 */
export interface CartsState {
  customer: Lines;
  guest: Lines;
}

export type SharedOp =
  | { device: number; type: 'add'; target: keyof CartsState; sku: string; qty: number }
  | { device: number; type: 'set'; target: keyof CartsState; sku: string; qty: number }
  | { device: number; type: 'remove'; target: keyof CartsState; sku: string }
  /** `checkout`: its number in the model. */
  | { device: number; type: 'order'; target: keyof CartsState; lines: Lines; checkout: number }
  | { device: number; type: 'signOut' }
  | { device: number; type: 'signIn' };

/** Past this many distinct states in one step the search stops growing (it has never come close). */
const MAX_STATES = 20_000;

export function applyOp(state: CartsState, op: SharedOp): CartsState {
  const next: CartsState = { customer: { ...state.customer }, guest: { ...state.guest } };
  switch (op.type) {
    case 'add':
      addLines(next[op.target], { [op.sku]: op.qty });
      break;
    case 'set':
      next[op.target][op.sku] = op.qty;
      break;
    case 'remove':
      delete next[op.target][op.sku];
      break;
    case 'order':
      // An order takes what it names from the cart as it is when it arrives, and no more.
      for (const [sku, qty] of Object.entries(op.lines)) {
        const left = (next[op.target][sku] ?? 0) - qty;
        if (left > 0) next[op.target][sku] = left;
        else delete next[op.target][sku];
      }
      break;
    case 'signOut':
      next.guest = {};
      break;
    case 'signIn':
      // The login merge sums the guest's lines into the customer's cart.
      addLines(next.customer, next.guest);
      next.guest = {};
      break;
  }
  return next;
}

const keyOf = (s: CartsState) => `${formatLines(s.customer)}|${formatLines(s.guest)}`;

/** Every state some interleaving of the devices' sequences (each kept in its order) ends in. */
export function reachableStates(ops: readonly SharedOp[]): CartsState[] {
  const devices = [...new Set(ops.map((op) => op.device))].sort();
  if (devices.length > 2) throw new Error('the interleavings of more than two devices are not worked out');
  const a = ops.filter((op) => op.device === (devices[0] ?? 0));
  const b = ops.filter((op) => op.device !== (devices[0] ?? 0));
  // row[j]: the states after the first i ops of `a` and the first j of `b`, in any interleaving.
  let row: Map<string, CartsState>[] = [];
  for (let i = 0; i <= a.length; i++) {
    const next: Map<string, CartsState>[] = [];
    for (let j = 0; j <= b.length; j++) {
      const cell = new Map<string, CartsState>();
      const put = (s: CartsState) => void (cell.size < MAX_STATES && cell.set(keyOf(s), s));
      if (i === 0 && j === 0) put({ customer: {}, guest: {} });
      if (i > 0) for (const s of row[j]!.values()) put(applyOp(s, a[i - 1]!));
      if (j > 0) for (const s of next[j - 1]!.values()) put(applyOp(s, b[j - 1]!));
      next.push(cell);
    }
    row = next;
  }
  return [...row[b.length]!.values()];
}
