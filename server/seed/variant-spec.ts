import type { ImageFamily } from './image-paths';

/**
 * How a product line is sold. `price` everywhere in the catalogue is per sell unit; `items` is how
 * many pieces one unit holds and becomes `product_price_multiplier` (per-item price = price / items).
 * `amount` is the number the description states ("Box of 100" → 100, "Tub of 1 kg" → 1).
 */
export interface Pack {
  description: string;
  amount: number;
  items: number;
}

export const EACH: Pack = { description: 'Each', amount: 1, items: 1 };
export const PER_METRE: Pack = { description: 'Per metre', amount: 1, items: 1 };
export const box = (n: number): Pack => ({ description: `Box of ${n}`, amount: n, items: n });
export const packOf = (n: number): Pack => ({ description: `Pack of ${n}`, amount: n, items: n });
export const pair: Pack = { description: 'Pair', amount: 1, items: 1 };
export const tubKg = (kg: number): Pack => ({ description: `Tub of ${kg} kg`, amount: kg, items: 1 });

/**
 * One sellable size of a product line, as the house brand sells it. The bulk generator re-issues the
 * same size under other brands (SKU prefixed with the brand code, price scaled) to reach the
 * requested catalogue size.
 */
export interface VariantSpec {
  sku: string;
  /** Without brand and pack: "Through Bolt M10 x 100mm Bright Zinc Plated". */
  name: string;
  /** url_key of the leaf category. */
  category: string;
  family: ImageFamily;
  pack: Pack;
  /** House-brand price per sell unit, GBP excluding VAT. */
  price: number;
  /** Attribute code → option value ("bolt_diameter" → "10"). */
  attrs: Record<string, string>;
  /** Extra rows for the specification table, beyond those the attributes give. */
  specs?: [string, string][];
  keywords: readonly string[];
  description: string;
  technical?: string;
  type?: 'simple' | 'virtual' | 'downloadable';
  taxClass?: number;
  /** Sold with quantity breaks (5+, 10+, 25+); the norm for consumables, rare for tools. */
  tiers?: boolean;
  stockProfile?: 'fixing' | 'tool' | 'service';
  /** A trade pack: listed under Trade Only and sold with a minimum order of 5. */
  trade?: boolean;
  /** Named custom-option sets the shopper fills in (see custom-options.ts). */
  customOptions?: readonly CustomOptionSet[];
}

export type CustomOptionSet = 'engraving' | 'cut-to-length' | 'warranty';

export interface Brand {
  name: string;
  code: string;
  priceFactor: number;
}

export interface FamilyDef {
  key: string;
  /** Share of the bulk catalogue. */
  weight: number;
  /** brands[0] sells the SKUs as written; the others prefix their code. */
  brands: readonly Brand[];
  variants: () => VariantSpec[];
}

/** Trade-style rounding: pennies under £1, otherwise ending in 9 ("15.49"). */
export function retail(n: number): number {
  if (n < 1) return Math.max(0.01, Math.round(n * 100) / 100);
  return Math.round((Math.round(n * 10) / 10 - 0.01) * 100) / 100;
}

/**
 * A size as it goes into a SKU, without a dot (dots make SKUs awkward in URLs and invoices):
 * 4.5 → "45", 6 → "6", 12 → "12". Within one product line sizes never clash this way.
 */
export function skuSize(n: number): string {
  return String(n).replace('.', '');
}

/** Sizes in names: 4.5 → "4.5", 6 → "6.0" for screws, where the trade always writes a decimal. */
export const screwSize = (n: number): string => n.toFixed(1);
