import type { TierPrice } from '../../schemas/catalog/product-parts';
import type { Rng } from './rng';

/** Prices, quantity breaks and special-price windows. All amounts GBP excluding VAT. */

export const GUEST_GROUP = 0;
export const TRADE_GROUP = 1;
const DAY = 86_400_000;

export const round2 = (n: number): number => Math.round(n * 100) / 100;

/**
 * Quantity breaks per sell unit: 5+ 5 % off, 10+ 10 %, 25+ 15 % for everyone (group 0 rows; SPEC
 * §6 has guests on group 0). Trade accounts (group 1) get their own rows: 5 % from the first unit
 * and deeper breaks, so a trade price is never above the retail one.
 */
export function tierPrices(price: number, withTrade: boolean): TierPrice[] {
  const rows: TierPrice[] = [
    { customer_group_id: GUEST_GROUP, qty: 5, value: round2(price * 0.95) },
    { customer_group_id: GUEST_GROUP, qty: 10, value: round2(price * 0.9) },
    { customer_group_id: GUEST_GROUP, qty: 25, value: round2(price * 0.85) },
  ];
  if (withTrade) {
    rows.push(
      { customer_group_id: TRADE_GROUP, qty: 1, value: round2(price * 0.95) },
      { customer_group_id: TRADE_GROUP, qty: 10, value: round2(price * 0.88) },
      { customer_group_id: TRADE_GROUP, qty: 25, value: round2(price * 0.8) },
    );
  }
  return rows;
}

export type SpecialKind = 'none' | 'current' | 'open-ended' | 'expired' | 'future' | 'above-price';

export interface Special {
  special_price: number;
  special_from_date: string | null;
  special_to_date: string | null;
}

/** Picks whether a product has a special and which window, about 12 % of products overall. */
export function pickSpecialKind(rng: Rng): SpecialKind {
  const r = rng.next();
  if (r < 0.88) return 'none';
  if (r < 0.925) return 'current';
  if (r < 0.94) return 'open-ended';
  if (r < 0.965) return 'expired';
  return 'future';
}

/** The special price data for a kind, anchored on `now` (ISO dates, from/to inclusive). */
export function makeSpecial(kind: SpecialKind, price: number, nowMs: number, rng: Rng): Special | null {
  const at = (days: number): string => new Date(nowMs + days * DAY).toISOString();
  const discounted = Math.max(0.01, round2(price * rng.float(0.7, 0.9)));
  switch (kind) {
    case 'none':
      return null;
    case 'current':
      return { special_price: discounted, special_from_date: at(-rng.int(1, 20)), special_to_date: at(rng.int(3, 30)) };
    case 'open-ended':
      return { special_price: discounted, special_from_date: at(-rng.int(5, 60)), special_to_date: null };
    case 'expired':
      return { special_price: discounted, special_from_date: at(-rng.int(40, 90)), special_to_date: at(-rng.int(2, 30)) };
    case 'future':
      return { special_price: discounted, special_from_date: at(rng.int(3, 20)), special_to_date: at(rng.int(25, 60)) };
    case 'above-price':
      // Mis-keyed in the back office: inside its window but dearer than the price, so it must not apply.
      return { special_price: round2(price * 1.6), special_from_date: at(-7), special_to_date: at(14) };
  }
}

/** SPEC §4: the special applies only inside its window and only when below the price. */
export function finalPrice(price: number, special: Special | null, nowMs: number): number {
  if (!special) return price;
  const from = special.special_from_date ? Date.parse(special.special_from_date) : -Infinity;
  const to = special.special_to_date ? Date.parse(special.special_to_date) : Infinity;
  return nowMs >= from && nowMs <= to && special.special_price < price ? special.special_price : price;
}
