import { ADHESIVES } from './family-adhesives';
import { ANCHORS } from './family-anchors';
import { BOLTS } from './family-bolts';
import { CAVITY } from './family-cavity';
import { CHEMICAL } from './family-chemical';
import { DRILL_BITS } from './family-drill-bits';
import { FRAME_FIXINGS } from './family-frame-fixings';
import { HAND_TOOLS } from './family-hand-tools';
import { NAILS } from './family-nails';
import { NUTS_WASHERS } from './family-nuts-washers';
import { POWER_TOOLS } from './family-power-tools';
import { SAFETY } from './family-safety';
import { SCREWS } from './family-screws';
import { STRUCTURAL_SCREWS } from './family-structural-screws';
import { TRADE_PACKS, tradePackVariants } from './trade-packs';
import type { Brand, FamilyDef, VariantSpec } from './variant-spec';

/** Every product line of the demo shop, with its share of the bulk catalogue. */
export const FAMILIES: readonly FamilyDef[] = [
  ANCHORS, FRAME_FIXINGS, CHEMICAL, CAVITY, SCREWS, STRUCTURAL_SCREWS, BOLTS, NUTS_WASHERS, NAILS,
  DRILL_BITS, POWER_TOOLS, HAND_TOOLS, ADHESIVES, SAFETY,
];

export interface LoadedFamily {
  key: string;
  weight: number;
  brands: readonly Brand[];
  variants: VariantSpec[];
}

/** What the house brand (or a tool platform's first brand) sells, by full SKU. */
export interface CoreLine {
  spec: VariantSpec;
  brand: Brand;
  /** All brands of the line's family, for re-issuing it. */
  brands: readonly Brand[];
}

export interface FamilyCatalogue {
  families: LoadedFamily[];
  /** Full SKU as first issued (brand code included for tool platforms) → its line. */
  core: Map<string, CoreLine>;
}

export const fullSku = (brand: Brand, sku: string): string => (brand.code ? `${brand.code}-${sku}` : sku);

export function loadFamilies(): FamilyCatalogue {
  const families: LoadedFamily[] = FAMILIES.map((f) => ({ key: f.key, weight: f.weight, brands: f.brands, variants: f.variants() }));
  const bySku = new Map<string, VariantSpec>();
  for (const f of families) for (const v of f.variants) bySku.set(v.sku, v);
  families.push({ ...TRADE_PACKS, variants: tradePackVariants(bySku) });

  const core = new Map<string, CoreLine>();
  for (const f of families) {
    const brand = f.brands[0];
    if (!brand) throw new Error(`Family ${f.key} has no brand`);
    for (const spec of f.variants) {
      const sku = fullSku(brand, spec.sku);
      if (core.has(sku)) throw new Error(`Duplicate SKU ${sku}`);
      core.set(sku, { spec, brand, brands: f.brands });
    }
  }
  return { families, core };
}
