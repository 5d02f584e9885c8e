import { measure, opt } from './attributes';
import { HAND_TOOL_BRANDS } from './brands';
import { EACH, packOf, type FamilyDef, type Pack, type VariantSpec } from './variant-spec';

/** Hand tools: hammers, tapes, levels, chisels, knives, caulking guns, spanners and sockets. */

type Row = [sku: string, name: string, price: number, attrs?: Record<string, string>, pack?: Pack];

const tool = (category: string, kw: readonly string[], blurb: (name: string) => string, extra?: Partial<VariantSpec>) =>
  ([sku, name, price, attrs, pack]: Row): VariantSpec => ({
    sku, name, category, family: 'hand-tools', pack: pack ?? EACH, stockProfile: 'tool', price, attrs: attrs ?? {},
    keywords: [...kw, 'hand tool'], description: blurb(name), ...extra,
  });

const mm = (n: number) => ({ anchor_length: measure('anchor_length', n) });

export function handTools(): VariantSpec[] {
  return [
    ...([
      ['HT-HM-CL16-ST', 'Claw Hammer 16oz Steel Shaft', 14.99, { material: opt('material', 'Steel') }],
      ['HT-HM-CL20-ST', 'Claw Hammer 20oz Steel Shaft', 16.99, { material: opt('material', 'Steel') }],
      ['HT-HM-CL20-FG', 'Claw Hammer 20oz Fibreglass Shaft', 18.49, { material: opt('material', 'Fibreglass') }],
      ['HT-HM-CLB-25', 'Club Hammer 2.5lb', 11.99, { material: opt('material', 'Fibreglass') }],
      ['HT-HM-CLB-4', 'Club Hammer 4lb', 14.49, { material: opt('material', 'Fibreglass') }],
      ['HT-HM-SLG-7', 'Sledge Hammer 7lb', 27.99, { material: opt('material', 'Fibreglass') }],
      ['HT-HM-RUB-24', 'Rubber Mallet 24oz', 8.99, { colour: opt('colour', 'Black') }],
    ] as Row[]).map(tool('hammers', ['hammer', 'claw hammer', 'lump hammer'], (n) => `${n} with an anti-vibration grip and a forged, heat-treated head.`)),
    ...([
      ['HT-TM-5', 'Tape Measure 5m x 19mm', 6.99], ['HT-TM-8', 'Tape Measure 8m x 25mm', 9.99],
      ['HT-TM-8-TUF', 'Tough Case Tape Measure 8m x 25mm', 14.99], ['HT-TM-10', 'Tape Measure 10m x 25mm', 16.49],
    ] as Row[]).map(tool('tape-measures', ['tape measure', 'tape', 'measuring tape'], (n) => `${n}, metric/imperial blade with a nylon coating and a true-zero hook.`)),
    ...([
      ['HT-SL-600-BX', 'Box Section Spirit Level 600mm', 16.99, mm(600)], ['HT-SL-1200-BX', 'Box Section Spirit Level 1200mm', 24.99, mm(1200)],
      ['HT-SL-1800-BX', 'Box Section Spirit Level 1800mm', 34.99, mm(1800)], ['HT-SL-2400-BX', 'Box Section Spirit Level 2400mm', 44.99, mm(2400)],
      ['HT-SL-600-IB', 'I-Beam Spirit Level 600mm', 9.99, mm(600)], ['HT-SL-1200-IB', 'I-Beam Spirit Level 1200mm', 14.99, mm(1200)],
      ['HT-SL-600-DG', 'Digital Spirit Level 600mm', 54.99, mm(600)],
    ] as Row[]).map(tool('spirit-levels', ['spirit level', 'level', 'box level'], (n) => `${n}, accurate to 0.5 mm/m, shock-absorbing end caps.`, { customOptions: ['engraving'] })),
    ...([
      ['HT-WC-6', 'Bevel Edge Wood Chisel 6mm', 6.99], ['HT-WC-12', 'Bevel Edge Wood Chisel 12mm', 7.49], ['HT-WC-19', 'Bevel Edge Wood Chisel 19mm', 7.99],
      ['HT-WC-25', 'Bevel Edge Wood Chisel 25mm', 8.49], ['HT-WC-SET4', 'Wood Chisel Set 4 Piece', 24.99],
      ['HT-CC-25', 'Cold Chisel 25 x 300mm', 7.99], ['HT-BB-100', 'Brick Bolster 100mm with Guard', 11.49],
    ] as Row[]).map(tool('chisels', ['chisel', 'bolster', 'wood chisel'], (n) => `${n}, hardened and tempered chrome vanadium steel.`)),
    ...([
      ['HT-KN-RET', 'Retractable Trimming Knife', 5.99], ['HT-KN-SO18', 'Snap-Off Knife 18mm', 3.49],
      ['HT-BL-10', 'Trimming Knife Blades', 2.99, {}, packOf(10)], ['HT-BL-100', 'Trimming Knife Blades Dispenser', 17.99, {}, packOf(100)],
    ] as Row[]).map(tool('knives-blades', ['stanley knife', 'utility knife', 'blades', 'trimming knife'], (n) => `${n} for plasterboard, insulation, carpet and membranes.`)),
    ...([
      ['HT-CG-SK', 'Skeleton Caulking Gun 310ml', 3.49], ['HT-CG-HD', 'Heavy Duty Caulking Gun 310ml', 9.99], ['HT-CG-600', 'Sausage Gun 600ml', 24.99],
    ] as Row[]).map(tool('caulking-guns', ['mastic gun', 'caulking gun', 'silicone gun', 'sealant gun'], (n) => `${n} with a drip-free pressure release.`)),
    ...([
      ['HT-SP-10', 'Combination Spanner 10mm', 4.49], ['HT-SP-13', 'Combination Spanner 13mm', 4.99], ['HT-SP-17', 'Combination Spanner 17mm', 5.99],
      ['HT-SP-19', 'Combination Spanner 19mm', 6.49], ['HT-SP-24', 'Combination Spanner 24mm', 8.99], ['HT-AS-250', 'Adjustable Spanner 250mm', 12.99],
      ['HT-SK-12-25', 'Socket Set 1/2" Drive 25 Piece', 39.99], ['HT-SK-38-40', 'Socket Set 3/8" Drive 40 Piece', 34.99],
    ] as Row[]).map(tool('spanners-sockets', ['spanner', 'socket set', 'wrench'], (n) => `${n}, chrome vanadium, satin finish.`)),
  ];
}

export const HAND_TOOLS: FamilyDef = { key: 'hand-tools', weight: 0.05, brands: HAND_TOOL_BRANDS, variants: handTools };
