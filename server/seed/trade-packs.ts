import { FIXING_BRANDS } from './brands';
import { box, retail, type FamilyDef, type VariantSpec } from './variant-spec';

/**
 * Trade packs: bulk boxes of the fastest-moving lines, cheaper per item, listed under the Trade Only
 * category (hidden from guests) and sold with a minimum order of 5 boxes.
 */
const TRADE_LINES: [sku: string, times: number][] = [
  ['TB-M8-75-Z', 10], ['TB-M10-100-Z', 10], ['TB-M12-100-Z', 10], ['HF-6-40', 10], ['HF-8-80', 10], ['FF-10-100', 10],
  ['WP-BRN-100', 10], ['WP-RED-100', 10], ['WS-4-40-YP', 10], ['WS-5-60-YP', 10], ['DW-35-38-C', 5], ['TEK-55-32-LS', 10],
  ['CS-63-50-HF', 10], ['HN-M10-Z', 10], ['FW-M10-Z', 10], ['HB-M10-60-Z', 10], ['CR-VE-410', 12], ['CR-PE-380-GR', 12],
  ['SDS-10-160', 10], ['PPE-GL-CUTB-L', 12], ['PPE-HV-VEST-YEL-XL', 10], ['AS-SIL-GP-WHT', 25], ['AS-PU-750-G', 12],
];

export function tradePackVariants(bySku: ReadonlyMap<string, VariantSpec>): VariantSpec[] {
  const out: VariantSpec[] = [];
  for (const [sku, times] of TRADE_LINES) {
    const spec = bySku.get(sku);
    if (!spec) throw new Error(`Trade pack of unknown SKU ${sku}`);
    const items = spec.pack.items * times;
    out.push({
      ...spec,
      sku: `${sku}-TP`,
      name: `${spec.name} Trade Pack`,
      pack: box(items),
      // Bulk boxes run about 12 % below buying the same number of retail packs.
      price: retail(spec.price * times * 0.88),
      attrs: { ...spec.attrs, ...(spec.attrs['pack_quantity'] ? { pack_quantity: String(items) } : {}) },
      trade: true,
      tiers: true,
      keywords: [...spec.keywords, 'trade pack', 'bulk', 'trade box'],
      description: `Trade pack of ${items}. ${spec.description}`,
    });
  }
  return out;
}

export const TRADE_PACKS: Omit<FamilyDef, 'variants'> = { key: 'trade-packs', weight: 0.02, brands: FIXING_BRANDS };
