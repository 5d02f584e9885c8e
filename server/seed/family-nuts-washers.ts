import { measure, opt, optNumber } from './attributes';
import { FIXING_BRANDS } from './brands';
import { box, retail, type FamilyDef, type VariantSpec } from './variant-spec';

/** Hex and nyloc nuts; flat, penny and spring washers. Sold by the box, pennies per item. */

const FINISHES = [
  { code: 'Z', name: 'Bright Zinc Plated', finish: 'Bright zinc plated', material: 'Carbon steel', factor: 1 },
  { code: 'A2', name: 'A2 Stainless Steel', finish: 'Self colour', material: 'A2 stainless steel', factor: 2.6 },
] as const;
const WASHER_THICKNESS: Record<number, number> = { 4: 0.7, 5: 1, 6: 1.6, 8: 1.6, 10: 2, 12: 2.5, 16: 3, 20: 3, 24: 4 };
const packFor = (d: number): number => (d <= 10 ? 100 : d <= 16 ? 50 : 25);
const KW = ['nuts', 'washers', 'nuts and bolts', 'fasteners'];

function nuts(): VariantSpec[] {
  const out: VariantSpec[] = [];
  for (const f of FINISHES) {
    for (const d of [4, 5, 6, 8, 10, 12, 16, 20, 24]) {
      const items = packFor(d);
      out.push({
        sku: `HN-M${d}-${f.code}`, name: `Hex Nut M${d} ${f.name}`, category: 'hex-nuts', family: 'bolts', pack: box(items), tiers: true,
        price: retail((0.008 + d * d * 0.0004) * f.factor * items),
        attrs: { bolt_diameter: measure('bolt_diameter', d), finish: opt('finish', f.finish), material: opt('material', f.material), pack_quantity: measure('pack_quantity', items) },
        keywords: [`m${d} nut`, 'hex nut', 'full nut', ...KW],
        description: `Full hex nut M${d} to DIN 934, ${f.name.toLowerCase()}.`,
      });
      if (d === 24) continue;
      out.push({
        sku: `NN-M${d}-${f.code}`, name: `Nyloc Nut M${d} ${f.name}`, category: 'nyloc-nuts', family: 'bolts', pack: box(items), tiers: true,
        price: retail((0.012 + d * d * 0.0006) * f.factor * items),
        attrs: { bolt_diameter: measure('bolt_diameter', d), finish: opt('finish', f.finish), material: opt('material', f.material), pack_quantity: measure('pack_quantity', items) },
        keywords: [`m${d} nyloc`, 'nyloc nut', 'lock nut', 'nylock', ...KW],
        description: `Nylon-insert lock nut M${d} (DIN 985) that resists loosening under vibration.`,
      });
    }
  }
  return out;
}

function washers(): VariantSpec[] {
  const out: VariantSpec[] = [];
  for (const f of FINISHES) {
    for (const d of [4, 5, 6, 8, 10, 12, 16, 20, 24]) {
      const items = d <= 8 ? 200 : packFor(d);
      out.push({
        sku: `FW-M${d}-${f.code}`, name: `Flat Washer Form A M${d} ${f.name}`, category: 'flat-washers', family: 'bolts', pack: box(items), tiers: true,
        price: retail((0.004 + d * d * 0.00025) * f.factor * items),
        attrs: { bolt_diameter: measure('bolt_diameter', d), thickness: optNumber('thickness', WASHER_THICKNESS[d] ?? 2), finish: opt('finish', f.finish), material: opt('material', f.material), pack_quantity: measure('pack_quantity', items) },
        keywords: [`m${d} washer`, 'flat washer', 'form a washer', ...KW],
        description: `Form A flat washer for M${d} bolts (DIN 125), ${f.name.toLowerCase()}.`,
      });
      if (d > 16) continue;
      out.push({
        sku: `SW-M${d}-${f.code}`, name: `Spring Washer M${d} ${f.name}`, category: 'spring-washers', family: 'bolts', pack: box(items), tiers: true,
        price: retail((0.005 + d * d * 0.0003) * f.factor * items),
        attrs: { bolt_diameter: measure('bolt_diameter', d), finish: opt('finish', f.finish), material: opt('material', f.material), pack_quantity: measure('pack_quantity', items) },
        keywords: [`m${d} spring washer`, 'spring washer', 'split washer', ...KW],
        description: `Square-section spring washer M${d} (DIN 127B) to keep nuts tight.`,
      });
    }
  }
  const penny: [number, number, number][] = [[5, 25, 1.2], [6, 25, 1.2], [8, 25, 1.5], [8, 40, 1.5], [10, 30, 1.5], [10, 40, 1.5], [10, 50, 2], [12, 40, 2]];
  for (const [d, od, t] of penny) {
    out.push({
      sku: `PW-M${d}-${od}-Z`, name: `Penny Washer M${d} x ${od}mm Bright Zinc Plated`, category: 'penny-washers', family: 'bolts', pack: box(100), tiers: true,
      price: retail((0.02 + od * d * 0.0002) * 100),
      attrs: { bolt_diameter: measure('bolt_diameter', d), thickness: optNumber('thickness', t), finish: opt('finish', 'Bright zinc plated'), material: opt('material', 'Carbon steel'), pack_quantity: measure('pack_quantity', 100) },
      keywords: ['penny washer', 'repair washer', 'mudguard washer', ...KW],
      description: `Large-diameter penny washer, M${d} hole, ${od} mm outside, spreads the load on timber and sheet.`,
    });
  }
  return out;
}

export const NUTS_WASHERS: FamilyDef = { key: 'nuts-washers', weight: 0.04, brands: FIXING_BRANDS, variants: () => [...nuts(), ...washers()] };
