import { pickSpecialKind, type SpecialKind } from './pricing';
import type { Rng } from './rng';
import type { VariantSpec } from './variant-spec';

/**
 * The per-product facts that are drawn at random (from the product's own stream) unless a builder
 * fixes them: availability, visibility, stock, lead time, special price window, age and rank.
 */
export interface Traits {
  status: number;
  visibility: 1 | 2 | 3 | 4;
  qty: number;
  inStock: boolean;
  manageStock: boolean;
  leadTimeDays: number;
  special: SpecialKind;
  /** Quantity breaks for everyone, and whether trade accounts get their own rows. */
  tiers: boolean;
  tradeTiers: boolean;
  createdDaysAgo: number;
  /** Fraction of the time since creation at which the product was last edited. */
  updatedFraction: number;
  position: number;
  images: number;
  video: boolean;
  clearance: boolean;
}

function stockLevel(spec: VariantSpec, rng: Rng): { qty: number; inStock: boolean } {
  const r = rng.next();
  if (r < 0.07) return { qty: 0, inStock: false };
  if (r < 0.17) return { qty: rng.int(1, 5), inStock: true };
  return spec.stockProfile === 'tool' ? { qty: rng.int(6, 150), inStock: true } : { qty: rng.int(100, 5000), inStock: true };
}

export function drawTraits(spec: VariantSpec, rng: Rng): Traits {
  const status = rng.chance(0.015) ? 2 : 1;
  const v = rng.next();
  const visibility = v < 0.01 ? 2 : v < 0.02 ? 3 : 4;
  const service = spec.stockProfile === 'service';
  const stock = service ? { qty: 0, inStock: true } : stockLevel(spec, rng);
  // Out-of-stock lines are often special-order; a few in-stock lines are made to order anyway.
  const specialOrder = stock.inStock ? rng.chance(0.03) : rng.chance(0.6);
  const special = pickSpecialKind(rng);
  const tiers = (spec.tiers ?? false) && rng.chance(0.85);
  return {
    status,
    visibility,
    qty: stock.qty,
    inStock: stock.inStock,
    manageStock: !service,
    leadTimeDays: specialOrder ? rng.int(3, 21) : 0,
    special,
    tiers,
    tradeTiers: tiers && rng.chance(0.6),
    createdDaysAgo: rng.float(0, 365),
    updatedFraction: rng.next(),
    position: rng.int(1, 1000),
    images: rng.int(1, 3),
    video: spec.family === 'power-tools' && rng.chance(0.15),
    clearance: special === 'current' && rng.chance(0.35),
  };
}
