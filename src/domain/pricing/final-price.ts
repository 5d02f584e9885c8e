import { fromPence, readAmount, toPence } from './money';
import { activeSpecialPricePence, type SpecialPriceFields } from './special-price';
import { GUEST_GROUP_ID, tierPricePence, type TierPriceFields } from './tier-price';

/** The price fields of a product or configurable child, typed loosely as the documents carry them. */
export interface PricedItem extends SpecialPriceFields {
  tier_prices?: readonly TierPriceFields[] | null;
}

export interface PriceContext {
  now: Date;
  /** Units bought; tiers start at a quantity. Default 1. */
  qty?: number;
  /** The shopper's customer group; guests use 0. */
  customerGroupId?: number;
}

/** Unit prices in whole pence, excluding tax. */
export interface UnitPricesPence {
  /** The list price (`price`). */
  regular: number;
  /** The special price when inside its window and below the list price, else null. */
  special: number | null;
  /** The tier price for this quantity and group, else null. */
  tier: number | null;
  /** What one unit costs: the lowest of the list, special and tier prices. */
  final: number;
}

/** The unit price rules of SPEC §4 in one place: list price, special window, quantity tiers. */
export function unitPricesPence(item: PricedItem, context: PriceContext): UnitPricesPence {
  const regular = toPence(readAmount(item.price) ?? 0);
  const special = activeSpecialPricePence(item, context.now);
  const tier = tierPricePence(item.tier_prices, context.qty ?? 1, context.customerGroupId ?? GUEST_GROUP_ID);
  const final = Math.min(regular, special ?? regular, tier ?? regular);
  return { regular, special, tier, final };
}

/** The same prices as decimal pounds, for replies and documents. */
export function unitPrices(item: PricedItem, context: PriceContext): { regular: number; special: number | null; tier: number | null; final: number } {
  const p = unitPricesPence(item, context);
  return {
    regular: fromPence(p.regular),
    special: p.special === null ? null : fromPence(p.special),
    tier: p.tier === null ? null : fromPence(p.tier),
    final: fromPence(p.final),
  };
}
