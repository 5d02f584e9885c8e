import { readAmount, toPence } from './money';

/** One quantity break as documents carry it: `qty` or more units cost `value` each for the group. */
export interface TierPriceFields {
  customer_group_id?: unknown;
  qty?: unknown;
  value?: unknown;
}

/** Guests have no group and use group 0 (SPEC §6). */
export const GUEST_GROUP_ID = 0;

/**
 * The best tier price in pence for buying `qty` units as `customerGroupId`, or null when no tier of
 * that group starts at or below that quantity. When several tiers qualify the lowest price wins, so a
 * catalogue that lists its breaks in any order still prices the same.
 */
export function tierPricePence(tiers: readonly TierPriceFields[] | undefined | null, qty: number, customerGroupId: number): number | null {
  // Documents come from imports: a tier list that is not a list, or holds non-objects, prices nothing.
  if (!Array.isArray(tiers)) return null;
  let best: number | null = null;
  for (const entry of tiers as readonly unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const tier = entry as TierPriceFields;
    const group = readAmount(tier.customer_group_id);
    const from = readAmount(tier.qty);
    const value = readAmount(tier.value);
    if (group !== customerGroupId || from === undefined || value === undefined || value < 0) continue;
    if (from > qty) continue;
    const pence = toPence(value);
    if (best === null || pence < best) best = pence;
  }
  return best;
}
