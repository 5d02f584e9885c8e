import { fnv1a64, stableJson } from '../../src/domain/cart/item-checksum';
import type { CartLine } from './cart-types';

/**
 * "Is a sync needed" (SPEC §4): a hash of what the shopper chose (sku, quantity, options) and the
 * server cart id. Server bookkeeping written back after a sync (item ids, prices) is left out, so
 * recording a sync's results never asks for another sync.
 */
export function cartHash(lines: readonly Pick<CartLine, 'sku' | 'qty' | 'checksum'>[], token: string | null): string {
  const items = lines.map((l) => [l.sku, l.qty, l.checksum]).sort((a, b) => stableJson(a).localeCompare(stableJson(b)));
  return fnv1a64(stableJson({ items, token }));
}

/**
 * Has the device cart changes the server cart `state.token` does not have yet: a quantity, an added
 * or a removed line not confirmed (the hash differs from the last synced one), or a line the server
 * never confirmed into this cart.
 */
export function hasUnsentLines(state: { token: string | null; itemsHash: string | null }, lines: readonly CartLine[]): boolean {
  if (state.token === null) return lines.length > 0;
  const token = state.token;
  return state.itemsHash !== cartHash(lines, token) || lines.some((l) => !confirmedIn(l, token));
}

/** The server confirmed this line into cart `token` (it has the server's item id for it there). */
export const confirmedIn = (line: Pick<CartLine, 'server_item_id' | 'server_cart_id'>, token: string | null): boolean =>
  line.server_item_id !== null && line.server_item_id !== undefined && line.server_cart_id === token;
