import type { CartState } from './cart-types';

/**
 * The shopper removed a line, or gave it a new quantity, while the login merge is pending (SPEC §4 "the
 * client wins after a local edit"). The customer cart may hold the same product, saved in another
 * session, sent by the interrupted merge or added by another device, and the merge sums a line with
 * the cart's: without this record a removed line would come back when the merge lands, and a
 * quantity set would have the cart's added to it (seed 1000003639: set to 5 on a device whose merge
 * was owed, the other device's 4 made it 9). Recorded, the merge deletes the line there, or sends it
 * as the quantity the shopper set, as if the merge had landed first and the change come after it.
 * Without a pending merge nothing is recorded: the next sync is an ordinary one.
 */
export function withLineReplacedDuringMerge(state: CartState, lineId: string): CartState {
  if (!state.mergePending || state.removedWhileMerging.includes(lineId)) return state;
  return { ...state, removedWhileMerging: [...state.removedWhileMerging, lineId] };
}

/** The merge landed, or will not happen (signed out, a guest cart instead): what it kept goes with it. */
export const mergeEnded = { mergePending: false, mergeId: null, removedWhileMerging: [] as string[], mergeAdds: [], convertedCustomerCart: null } satisfies Partial<CartState>;

/** The login merge is owed: it keeps the name it has, or gets one (`CartState.mergeId`). */
export const withMergePending = (state: CartState): CartState => ({ ...state, mergePending: true, mergeId: state.mergeId ?? crypto.randomUUID() });

/**
 * A session began (a sign-in): the customer cart's saved lines are owed to this device unless it is on
 * the customer's cart already. Recorded in the cart state that every tab shares, so the tab that
 * leads next finishes the merge whenever it starts: a leader that only heard the session token
 * appear would miss a sign-in made while no tab led (the leading page reloading), and the device
 * would stay on its guest cart without the saved lines (seed 1000000978).
 */
export const withMergeOwed = (state: CartState): CartState => (state.mergePending || !(state.token && state.customerCart) ? withMergePending(state) : state);
