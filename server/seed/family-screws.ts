import { measure, opt, optNumber } from './attributes';
import { FIXING_BRANDS } from './brands';
import { box, retail, screwSize, skuSize, type FamilyDef, type Pack, type VariantSpec } from './variant-spec';

/** Everyday screws sold by the box: wood screws, drywall screws and decking screws. */

const WOOD_LENGTHS: [number, number[]][] = [
  [3, [12, 16, 20, 25, 30, 35, 40]], [3.5, [16, 20, 25, 30, 35, 40, 45, 50]],
  [4, [16, 20, 25, 30, 35, 40, 45, 50, 60, 70]], [4.5, [25, 30, 35, 40, 45, 50, 60, 70, 80]],
  [5, [30, 40, 50, 60, 70, 80, 90, 100]], [6, [40, 50, 60, 70, 80, 90, 100, 120, 150, 180, 200]],
];
const WOOD_FINISHES = [
  { code: 'YP', name: 'Yellow Passivated', finish: 'Yellow passivated', material: 'Carbon steel', category: 'yellow-passivated-wood-screws', factor: 1 },
  { code: 'BZP', name: 'Bright Zinc Plated', finish: 'Bright zinc plated', material: 'Carbon steel', category: 'zinc-plated-wood-screws', factor: 0.95 },
  { code: 'A2', name: 'A2 Stainless Steel', finish: 'Self colour', material: 'A2 stainless steel', category: 'stainless-wood-screws', factor: 2.5 },
] as const;
const KW = ['screws', 'screw', 'wood screw', 'multi purpose screw', 'chipboard screw', 'spax'];
const tubOf = (n: number): Pack => ({ description: `Tub of ${n}`, amount: n, items: n });

function woodScrews(): VariantSpec[] {
  return WOOD_LENGTHS.flatMap(([d, lengths]) => lengths.flatMap((length) => WOOD_FINISHES.map((f): VariantSpec => {
    const items = d <= 4 && length <= 50 ? 200 : d >= 6 && length >= 100 ? 50 : 100;
    const drive = d >= 6 ? 'TX30' : d >= 4.5 ? 'PZ3' : 'PZ2';
    return {
      sku: `WS-${skuSize(d)}-${length}-${f.code}`, name: `Wood Screw ${screwSize(d)} x ${length}mm Countersunk ${drive} ${f.name}`,
      category: f.category, family: 'screws', pack: box(items), tiers: true,
      price: retail((0.008 + d * length * 0.00012) * f.factor * items),
      attrs: {
        screw_diameter: optNumber('screw_diameter', d), anchor_length: measure('anchor_length', length), head_type: opt('head_type', 'Countersunk'),
        drive: opt('drive', drive), finish: opt('finish', f.finish), material: opt('material', f.material), pack_quantity: measure('pack_quantity', items),
      },
      keywords: [`spax ${d}x${length}`, `${d}x${length} screws`, `${screwSize(d)} x ${length}`, ...KW],
      description: `Premium multi-purpose wood screw with a sharp type-17 cut point and a part thread for drawing timber together. ${screwSize(d)} x ${length} mm, ${f.name.toLowerCase()}, ${drive} drive; nibs under the head countersink it flush in hardwood, MDF and chipboard.`,
    };
  })));
}

function drywallAndDecking(): VariantSpec[] {
  const out: VariantSpec[] = [];
  for (const length of [25, 32, 38, 42, 50, 65]) {
    for (const [code, thread] of [['F', 'Fine'], ['C', 'Coarse']] as const) {
      const items = length <= 42 ? 1000 : 500;
      out.push({
        sku: `DW-35-${length}-${code}`, name: `Drywall Screw 3.5 x ${length}mm ${thread} Thread Black Phosphate`, category: 'drywall-screws', family: 'screws', pack: box(items), tiers: true,
        price: retail((0.006 + length * 0.00012) * items),
        attrs: {
          screw_diameter: optNumber('screw_diameter', 3.5), anchor_length: measure('anchor_length', length), head_type: opt('head_type', 'Bugle'),
          drive: opt('drive', 'PH2'), finish: opt('finish', 'Black phosphate'), material: opt('material', 'Carbon steel'),
          pack_quantity: measure('pack_quantity', items),
        },
        keywords: ['drywall screw', 'plasterboard screw', 'dry wall screws', `${thread.toLowerCase()} thread`, 'screws'],
        description: `Bugle-head drywall screw, ${thread.toLowerCase()} thread for ${thread === 'Fine' ? 'metal studs' : 'timber studs'}. 3.5 x ${length} mm, black phosphate, PH2.`,
      });
    }
  }
  const deckFinishes = [['GRN', 'Green Coated', 'Green coated', 'Carbon steel', 1], ['BRN', 'Brown Coated', 'Brown coated', 'Carbon steel', 1], ['A2', 'A2 Stainless Steel', 'Self colour', 'A2 stainless steel', 2.2]] as const;
  for (const length of [50, 60, 65]) {
    for (const [code, name, finish, material, factor] of deckFinishes) {
      for (const items of [250, 500]) {
        out.push({
          sku: `DK-45-${length}-${code}-${items}`, name: `Decking Screw 4.5 x ${length}mm ${name}`, category: 'decking-screws', family: 'screws', pack: tubOf(items), tiers: true,
          price: retail((0.03 + length * 0.0003) * factor * items * (items === 500 ? 0.92 : 1)),
          attrs: {
            screw_diameter: optNumber('screw_diameter', 4.5), anchor_length: measure('anchor_length', length),
            head_type: opt('head_type', 'Countersunk'), drive: opt('drive', 'TX20'), finish: opt('finish', finish),
            material: opt('material', material), pack_quantity: measure('pack_quantity', items),
          },
          keywords: ['decking screw', 'deck screw', 'decking screws 4.5x60', 'garden decking', 'screws'],
          description: `Decking screw with a cutting tip and a twin-thread design that resists splitting at board ends. 4.5 x ${length} mm, ${name.toLowerCase()} for outdoor use, TX20 drive bit included.`,
        });
      }
    }
  }
  return out;
}

export const SCREWS: FamilyDef = { key: 'screws', weight: 0.13, brands: FIXING_BRANDS, variants: () => [...woodScrews(), ...drywallAndDecking()] };
