import type { CartState } from './cart-types';

/**
 * The shopper removed a line while the login merge is pending (SPEC §4 "the client wins after a
 * local edit"). The customer cart may hold the same product, saved in another session or sent by the
 * interrupted merge, and the merge adds server lines the device lacks: without this record the line
 * would come back when the merge lands. Recorded, the merge deletes it there instead, as if the
 * merge had landed first and the removal come after it. Without a pending merge nothing is recorded:
 * the next sync is an ordinary one, in which the client's lines win.
 */
export function withRemovalDuringMerge(state: CartState, lineId: string): CartState {
  if (!state.mergePending || state.removedWhileMerging.includes(lineId)) return state;
  return { ...state, removedWhileMerging: [...state.removedWhileMerging, lineId] };
}

/** The merge landed, or will not happen (signed out, a guest cart instead): what it kept goes with it. */
export const mergeEnded = { mergePending: false, removedWhileMerging: [] as string[], convertedCustomerCart: null } satisfies Partial<CartState>;

/**
 * A session began (a sign-in): the customer cart's saved lines are owed to this device unless it is on
 * the customer's cart already. Recorded in the cart state that every tab shares, so the tab that
 * leads next finishes the merge whenever it starts: a leader that only heard the session token
 * appear would miss a sign-in made while no tab led (the leading page reloading), and the device
 * would stay on its guest cart without the saved lines (seed 1000000978).
 */
export const withMergeOwed = (state: CartState): CartState => ({ ...state, mergePending: state.mergePending || !(state.token && state.customerCart) });
