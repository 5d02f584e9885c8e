import { measure, opt } from './attributes';
import { FIXING_BRANDS } from './brands';
import { box, retail, tubKg, type FamilyDef, type Pack, type VariantSpec } from './variant-spec';

/** Nails by the kilo, masonry nails by the box, collated framing nails with gas cells, staples. */

const KW = ['nails', 'nail', 'wire nails'];
const withGas = (n: number): Pack => ({ description: `Box of ${n} with 3 gas cells`, amount: n, items: n });

function looseNails(): VariantSpec[] {
  const out: VariantSpec[] = [];
  const lines = [
    { code: 'RWN', name: 'Round Wire Nail', category: 'round-wire-nails', lengths: [25, 30, 40, 50, 65, 75, 90, 100, 125, 150], kw: 'round wire nails', head: 'Flat' },
    { code: 'LHN', name: 'Lost Head Nail', category: 'lost-head-nails', lengths: [40, 50, 65, 75, 100], kw: 'lost head nails', head: 'Countersunk' },
    { code: 'CLN', name: 'Clout Nail', category: 'clout-nails', lengths: [20, 25, 30, 40, 50, 65], kw: 'clout nails', head: 'Flat' },
  ];
  for (const l of lines) {
    for (const length of l.lengths) {
      for (const [fcode, fname, finish] of [['BR', 'Bright', 'Self colour'], ['GALV', 'Galvanised', 'Hot-dip galvanised']] as const) {
        if (l.code === 'CLN' && fcode === 'BR') continue;
        for (const kg of [1, 2.5]) {
          out.push({
            sku: `${l.code}-${length}-${fcode}-${kg === 1 ? '1KG' : '2KG5'}`, name: `${l.name} ${length}mm ${fname}`, category: l.category, family: 'nails', pack: tubKg(kg), tiers: true,
            price: retail((3.2 + length * 0.004) * kg * (fcode === 'GALV' ? 1.35 : 1) * (kg > 1 ? 0.9 : 1)),
            attrs: { anchor_length: measure('anchor_length', length), finish: opt('finish', finish), head_type: opt('head_type', l.head), material: opt('material', 'Steel') },
            keywords: [l.kw, `${length}mm nails`, ...KW],
            description: `${l.name}s, ${length} mm, ${fname.toLowerCase()}${fcode === 'GALV' ? ' for outdoor work' : ' for general indoor joinery'}. ${kg} kg tub.`,
          });
        }
      }
    }
  }
  for (const length of [25, 40, 50, 65, 75, 100]) {
    out.push({
      sku: `MN-${length}`, name: `Hardened Masonry Nail ${length}mm`, category: 'masonry-nails', family: 'nails', pack: box(100), tiers: true,
      price: retail(3.6 + length * 0.04),
      attrs: { anchor_length: measure('anchor_length', length), finish: opt('finish', 'Black phosphate'), material: opt('material', 'Steel'), pack_quantity: measure('pack_quantity', 100) },
      keywords: ['masonry nails', 'hardened nails', 'concrete nails', ...KW],
      description: `Hardened, fluted masonry nail for fixing battens to soft brick and block; wear eye protection. ${length} mm.`,
    });
  }
  return out;
}

function collated(): VariantSpec[] {
  const out: VariantSpec[] = [];
  const sizes: [number, number, number][] = [[2.8, 50, 3300], [2.8, 63, 3300], [3.1, 75, 2200], [3.1, 90, 2200]];
  for (const [d, length, items] of sizes) {
    for (const [fcode, fname, finish] of [['BR', 'Bright', 'Self colour'], ['G', 'Galvanised', 'Hot-dip galvanised']] as const) {
      out.push({
        sku: `CFN-${Math.round(d * 10)}-${length}-${fcode}`, name: `Collated Framing Nail ${d} x ${length}mm ${fname} Ring Shank`, category: 'collated-nails', family: 'nails', pack: withGas(items), tiers: true,
        price: retail((0.012 + length * 0.00014) * items * (fcode === 'G' ? 1.25 : 1)),
        attrs: { anchor_length: measure('anchor_length', length), finish: opt('finish', finish), material: opt('material', 'Steel'), pack_quantity: measure('pack_quantity', items) },
        keywords: ['nail gun nails', 'first fix nails', 'collated nails', 'framing nails', 'gas nails', ...KW],
        description: `Clipped-head collated nails for gas first-fix nailers, ${d} x ${length} mm ring shank, ${fname.toLowerCase()}. Box of ${items} with three fuel cells.`,
      });
    }
  }
  for (const length of [8, 10, 12, 14]) {
    out.push({
      sku: `STP-${length}`, name: `Staples Type 140 ${length}mm`, category: 'staples', family: 'nails', pack: box(5000), tiers: true,
      price: retail(3.2 + length * 0.2),
      attrs: { anchor_length: measure('anchor_length', length), material: opt('material', 'Steel'), pack_quantity: measure('pack_quantity', 5000) },
      keywords: ['staples', 'staple gun staples', 'type 140'],
      description: `Heavy-duty type 140 staples for membranes, insulation and upholstery. ${length} mm leg.`,
    });
  }
  return out;
}

export const NAILS: FamilyDef = { key: 'nails', weight: 0.06, brands: FIXING_BRANDS, variants: () => [...looseNails(), ...collated()] };
