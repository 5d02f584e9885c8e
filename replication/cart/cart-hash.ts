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
