import { measure, opt, optNumber } from './attributes';
import { FIXING_BRANDS } from './brands';
import { box, EACH, retail, type FamilyDef, type VariantSpec } from './variant-spec';

/** Hex bolts and set screws, coach bolts, coach screws and threaded rod (nuts and washers live beside). */

const BOLT_LENGTHS: [number, number[]][] = [
  [5, [16, 20, 25, 30, 40, 50]], [6, [16, 20, 25, 30, 40, 50, 60, 75]], [8, [20, 25, 30, 40, 50, 60, 70, 80, 100]],
  [10, [25, 30, 40, 50, 60, 70, 80, 100, 120, 150]], [12, [30, 40, 50, 60, 80, 100, 120, 150]],
  [16, [40, 50, 60, 80, 100, 120, 150, 200]], [20, [50, 60, 80, 100, 150, 200]], [24, [60, 80, 100, 150, 200]],
];
export const BOLT_FINISHES = [
  { code: 'Z', name: 'Grade 8.8 Bright Zinc Plated', finish: 'Bright zinc plated', material: 'Carbon steel', factor: 1 },
  { code: 'HDG', name: 'Grade 8.8 Hot-Dip Galvanised', finish: 'Hot-dip galvanised', material: 'Carbon steel', factor: 1.5 },
  { code: 'A2', name: 'A2 Stainless Steel', finish: 'Self colour', material: 'A2 stainless steel', factor: 2.4 },
] as const;
const SPANNER: Record<number, string> = { 5: '8 mm hex', 6: '10 mm hex', 8: '13 mm hex', 10: '17 mm hex', 12: '19 mm hex', 16: '24 mm hex', 20: '30 mm hex' };
export const boltPackSize = (d: number): number => (d <= 8 ? 100 : d <= 12 ? 50 : d === 16 ? 25 : 10);
const KW = ['bolts', 'nuts and bolts', 'fasteners', 'metric bolts'];

function hexBolts(): VariantSpec[] {
  const out: VariantSpec[] = [];
  for (const [d, lengths] of BOLT_LENGTHS) {
    for (const length of lengths) {
      for (const f of BOLT_FINISHES) {
        if (f.code === 'HDG' && d < 10) continue;
        for (const [prefix, kind] of [['SS', 'Hex Set Screw'], ['HB', 'Hex Bolt']] as const) {
          if ((prefix === 'SS' && length > 60) || (prefix === 'HB' && length < 40)) continue;
          const items = boltPackSize(d);
          out.push({
            sku: `${prefix}-M${d}-${length}-${f.code}`, name: `${kind} M${d} x ${length}mm ${f.name}`, category: 'hex-bolts-set-screws', family: 'bolts', pack: box(items), tiers: true,
            price: retail((0.02 + d * d * length * 0.00002) * f.factor * items),
            attrs: {
              bolt_diameter: measure('bolt_diameter', d), anchor_length: measure('anchor_length', length), head_type: opt('head_type', 'Hex'),
              drive: opt('drive', SPANNER[d] ?? '30 mm hex'), finish: opt('finish', f.finish), material: opt('material', f.material),
              pack_quantity: measure('pack_quantity', items),
            },
            specs: [['Thread', prefix === 'SS' ? 'Fully threaded' : 'Part threaded'], ['Standard', prefix === 'SS' ? 'DIN 933' : 'DIN 931']],
            keywords: [`m${d} bolt`, `m${d}x${length}`, prefix === 'SS' ? 'set screw' : 'hex bolt', 'setscrew', ...KW],
            description: `${kind} M${d} x ${length} mm, ${f.name.toLowerCase()}. ${prefix === 'SS' ? 'Threaded to the head' : 'Plain shank under the head'}; use with matching nuts and washers.`,
          });
        }
      }
    }
  }
  return out;
}

function coachBoltsAndScrews(): VariantSpec[] {
  const out: VariantSpec[] = [];
  const coachBolts: [number, number[]][] = [[6, [50, 75, 100, 150]], [8, [50, 75, 100, 130, 150]], [10, [75, 100, 130, 150, 200]], [12, [100, 150, 200, 250]]];
  const coachScrews: [number, number[]][] = [[6, [50, 75, 100]], [8, [50, 75, 100, 150]], [10, [75, 100, 150, 200]], [12, [100, 150, 200]]];
  for (const f of BOLT_FINISHES.slice(0, 2)) {
    for (const [d, lengths] of coachBolts) {
      for (const length of lengths) {
        const items = d <= 8 ? 50 : 25;
        out.push({
          sku: `CB-M${d}-${length}-${f.code}`, name: `Coach Bolt M${d} x ${length}mm ${f.code === 'Z' ? 'Bright Zinc Plated' : 'Hot-Dip Galvanised'} with Nut`, category: 'coach-bolts', family: 'bolts', pack: box(items), tiers: true,
          price: retail((0.06 + d * length * 0.0003) * f.factor * items),
          attrs: {
            bolt_diameter: measure('bolt_diameter', d), anchor_length: measure('anchor_length', length), head_type: opt('head_type', 'Coach (round)'),
            finish: opt('finish', f.finish), material: opt('material', 'Carbon steel'), pack_quantity: measure('pack_quantity', items),
          },
          keywords: ['coach bolt', 'carriage bolt', 'cup square', `m${d} coach bolt`, ...KW],
          description: `Cup-square coach bolt for timber to timber joints (gates, pergolas, decking frames). M${d} x ${length} mm with hex nut.`,
        });
      }
    }
    for (const [d, lengths] of coachScrews) {
      for (const length of lengths) {
        out.push({
          sku: `CSC-${d}-${length}-${f.code}`, name: `Coach Screw ${d} x ${length}mm ${f.code === 'Z' ? 'Bright Zinc Plated' : 'Hot-Dip Galvanised'}`, category: 'coach-screws', family: 'bolts', pack: box(d <= 8 ? 50 : 25), tiers: true,
          price: retail((0.05 + d * length * 0.00028) * f.factor * (d <= 8 ? 50 : 25)),
          attrs: {
            screw_diameter: optNumber('screw_diameter', d), anchor_length: measure('anchor_length', length), head_type: opt('head_type', 'Hex'),
            finish: opt('finish', f.finish), material: opt('material', 'Carbon steel'), pack_quantity: measure('pack_quantity', d <= 8 ? 50 : 25),
          },
          keywords: ['coach screw', 'lag bolt', 'lag screw', 'hex head wood screw', ...KW],
          description: `Hex-head coach screw for heavy timber fixing, or into masonry with a heavy-duty nylon plug. ${d} x ${length} mm.`,
        });
      }
    }
  }
  return out;
}

function threadedRod(): VariantSpec[] {
  const out: VariantSpec[] = [];
  for (const d of [6, 8, 10, 12, 16, 20, 24]) {
    for (const length of [1000, 3000]) {
      for (const f of [BOLT_FINISHES[0], BOLT_FINISHES[2]]) {
        out.push({
          sku: `TR-M${d}-${length}-${f.code}`, name: `Threaded Rod M${d} x ${length / 1000}m ${f.code === 'Z' ? 'Grade 4.8 Bright Zinc Plated' : 'A2 Stainless Steel'}`, category: 'threaded-rod', family: 'bolts', pack: EACH, tiers: true,
          price: retail((0.6 + d * d * 0.012) * (length === 3000 ? 2.8 : 1) * f.factor),
          attrs: { bolt_diameter: measure('bolt_diameter', d), anchor_length: measure('anchor_length', length), finish: opt('finish', f.finish), material: opt('material', f.material) },
          keywords: ['threaded rod', 'studding', 'threaded bar', 'all thread', `m${d} studding`, ...KW],
          description: `Threaded rod (studding) M${d}, ${length / 1000} m length, for suspension, anchoring with resin, and cut-to-size bolts.`,
        });
      }
    }
  }
  return out;
}

export const BOLTS: FamilyDef = { key: 'bolts', weight: 0.1, brands: FIXING_BRANDS, variants: () => [...hexBolts(), ...coachBoltsAndScrews(), ...threadedRod()] };
