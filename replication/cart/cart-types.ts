import type { CartItemReply } from '../../schemas/api/cart';
import type { CartLine } from '../../schemas/rx/cart.schema';
import type { CartState } from '../../schemas/rx/local-documents';

/** A line as GET /api/cart/pull and POST /api/cart/update return it: the server's own reply type. */
export type ServerCartItem = CartItemReply;

/** Where the cart lives (the `cart` collection and the `cart-state` local document). */
export interface CartStore {
  lines(): Promise<CartLine[]>;
  /**
   * The lines a sync round starts from. Until the next round, `putLine` leaves a line of this read
   * removed if the shopper removed it meanwhile; lines removed before it are not remembered.
   */
  readForSync(): Promise<CartLine[]>;
  putLine(line: CartLine): Promise<void>;
  /** The line is on the device now (not removed or taken by an order since it was read). */
  hasLine(id: string): Promise<boolean>;
  removeLine(id: string): Promise<void>;
  /** Removes the line unless the shopper changed it since the sync round read it (that change is sent next). */
  removeIfUnchanged(id: string): Promise<void>;
  state(): Promise<CartState>;
  updateState(change: (state: CartState) => CartState): Promise<CartState>;
}

/** SPEC §4 item sync results, each tagged with the side that lacks or differs. */
export type DiffStatus = 'no-item' | 'wrong-qty' | 'update-required' | 'no-changes';
export interface DiffEntry {
  party: 'client' | 'server';
  status: DiffStatus;
  sku?: string;
  clientQty?: number;
  serverQty?: number;
}

export interface DiffLog {
  items: DiffEntry[];
  serverResponses: { status: number; sku: string; result: unknown }[];
}

export const emptyDiff = (): DiffLog => ({ items: [], serverResponses: [] });

export interface SyncOptions {
  /** The client's lines win (after a local edit, or in checkout); otherwise the server may add lines. */
  forceClientState?: boolean;
  /** Sum client and server quantities (the merge after a login). */
  mergeQty?: boolean;
  /** Sync even when the cart hash has not changed. */
  forceSync?: boolean;
  /** Read the server's cart even with nothing to send (another device may have changed it); totals only when lines changed. */
  pull?: boolean;
}

export type { CartLine, CartState };
