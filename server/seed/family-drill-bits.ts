import { measure, opt, optNumber } from './attributes';
import { FIXING_BRANDS } from './brands';
import { EACH, packOf, retail, skuSize, type FamilyDef, type VariantSpec } from './variant-spec';

/** Drill bits and accessories: SDS-plus and SDS-max, HSS, wood bits, cores, holesaws, driver bits. */

const SDS_PLUS: [number, number[]][] = [
  [4, [110, 160]], [5, [110, 160, 210]], [5.5, [110, 160]], [6, [110, 160, 210, 260]], [6.5, [160, 210]], [7, [110, 160]],
  [8, [110, 160, 210, 260, 310, 460]], [10, [110, 160, 210, 260, 310, 460, 600]], [12, [160, 210, 260, 310, 460, 600, 1000]],
  [14, [160, 210, 260, 460, 600, 1000]], [16, [160, 210, 260, 460, 600, 1000]], [18, [200, 260, 460, 600, 1000]],
  [20, [200, 260, 460, 600, 1000]], [22, [260, 460, 600, 1000]], [24, [260, 460, 600]], [25, [260, 460, 600, 1000]], [26, [260, 460, 600, 1000]],
];
const SDS_MAX: [number, number[]][] = [
  [12, [340, 540]], [14, [340, 540]], [16, [340, 540, 920]], [18, [340, 540, 920]], [20, [320, 520, 920]], [22, [320, 520, 920]],
  [25, [320, 520, 920]], [28, [370, 570, 920]], [30, [370, 570]], [32, [370, 570, 920]], [35, [370, 570]], [38, [370, 570]], [40, [370, 570]],
];
const KW = ['drill bit', 'drill bits', 'bits'];

function masonryBits(): VariantSpec[] {
  const plus = SDS_PLUS.flatMap(([d, lengths]) => lengths.map((length): VariantSpec => ({
    sku: `SDS-${skuSize(d)}-${length}`, name: `SDS-Plus Masonry Drill Bit ${d} x ${length}mm`, category: 'sds-plus-bits', family: 'drill-bits', pack: EACH, stockProfile: 'tool',
    price: retail(1.2 + d * 0.15 + length * 0.012 + d * length * 0.0008),
    attrs: { drill_hole_diameter: optNumber('drill_hole_diameter', d), anchor_length: measure('anchor_length', length), drive: opt('drive', 'SDS-plus'), material: opt('material', 'Tungsten carbide') },
    keywords: [`sds bit ${d}mm`, `sds ${d}mm`, `${d}mm masonry bit`, 'sds plus', 'sds drill bit', ...KW],
    description: `Four-cutter SDS-plus masonry bit with a carbide head for fast, round holes in concrete with rebar, brick and stone. ${d} mm diameter, ${length} mm overall length.`,
  })));
  const max = SDS_MAX.flatMap(([d, lengths]) => lengths.map((length): VariantSpec => ({
    sku: `SDSM-${d}-${length}`, name: `SDS-Max Masonry Drill Bit ${d} x ${length}mm`, category: 'sds-max-bits', family: 'drill-bits', pack: EACH, stockProfile: 'tool',
    price: retail(8 + d * 0.5 + length * 0.02 + d * length * 0.001),
    attrs: { drill_hole_diameter: optNumber('drill_hole_diameter', d), anchor_length: measure('anchor_length', length), drive: opt('drive', 'SDS-max'), material: opt('material', 'Tungsten carbide') },
    keywords: [`sds max ${d}mm`, 'sds max', 'core bit', ...KW],
    description: `SDS-max bit for heavy rotary hammers: ${d} x ${length} mm, solid carbide cross head for long life in reinforced concrete.`,
  })));
  return [...plus, ...max];
}

function metalAndWoodBits(): VariantSpec[] {
  const out: VariantSpec[] = [];
  for (let tenth = 10; tenth <= 130; tenth += 5) {
    const d = tenth / 10;
    const items = d <= 6 ? 10 : d <= 10 ? 5 : 2;
    out.push({
      sku: `HSS-${skuSize(d)}-${items}`, name: `HSS Ground Jobber Drill Bit ${d}mm`, category: 'hss-metal-bits', family: 'drill-bits', pack: packOf(items), tiers: true,
      price: retail((0.4 + d * 0.12) * items),
      attrs: { drill_hole_diameter: optNumber('drill_hole_diameter', d), material: opt('material', 'HSS cobalt'), pack_quantity: measure('pack_quantity', items) },
      keywords: [`${d}mm drill bit`, 'hss drill', 'metal drill bit', 'jobber drill', ...KW],
      description: `Fully ground HSS jobber drill with a 135° split point for steel, aluminium and plastics. ${d} mm.`,
    });
  }
  for (const d of [10, 12, 13, 14, 16, 18, 19, 20, 22, 24, 25, 26, 28, 30, 32]) {
    out.push({ sku: `SPB-${d}`, name: `Spade Bit ${d} x 152mm`, category: 'spade-bits', family: 'drill-bits', pack: EACH, stockProfile: 'tool', price: retail(1.9 + d * 0.07),
      attrs: { drill_hole_diameter: optNumber('drill_hole_diameter', d), anchor_length: measure('anchor_length', 152), drive: opt('drive', 'Hex shank') },
      keywords: ['spade bit', 'flat bit', 'wood bit', ...KW],
      description: `Flat spade bit with spurs for clean ${d} mm holes through joists and studs.` });
  }
  for (const d of [10, 12, 14, 16, 18, 20, 22, 25]) {
    for (const length of [235, 460]) {
      out.push({ sku: `AUG-${d}-${length}`, name: `Auger Bit ${d} x ${length}mm`, category: 'auger-bits', family: 'drill-bits', pack: EACH, stockProfile: 'tool', price: retail(4 + d * 0.2 + length * 0.012),
        attrs: { drill_hole_diameter: optNumber('drill_hole_diameter', d), anchor_length: measure('anchor_length', length), drive: opt('drive', 'Hex shank') },
        keywords: ['auger bit', 'wood auger', 'sleeper drill', ...KW],
        description: `Single-flute auger bit for deep holes in timber and sleepers, ${d} x ${length} mm.` });
    }
  }
  return out;
}

function cuttersAndSets(): VariantSpec[] {
  const out: VariantSpec[] = [];
  for (const d of [38, 51, 57, 64, 76, 89, 102, 107, 127, 152]) {
    out.push({ sku: `DC-${d}`, name: `Diamond Core Bit ${d}mm x 150mm`, category: 'diamond-cores', family: 'drill-bits', pack: EACH, stockProfile: 'tool', price: retail(18 + d * 0.65),
      attrs: { drill_hole_diameter: optNumber('drill_hole_diameter', d), material: opt('material', 'Diamond segment') },
      keywords: ['core drill', 'diamond core', 'core bit', `${d}mm core`, ...KW],
      description: `Dry diamond core bit for ${d} mm holes in brick and block, e.g. for ${d >= 102 ? 'extractor fans and flues' : 'waste pipes and cables'}.` });
  }
  for (const d of [16, 19, 22, 25, 32, 38, 44, 51, 57, 64, 68, 76, 89, 102, 114, 127, 152]) {
    out.push({ sku: `HS-${d}-BM`, name: `Bi-Metal Holesaw ${d}mm`, category: 'holesaws', family: 'drill-bits', pack: EACH, stockProfile: 'tool', price: retail(3.5 + d * 0.14),
      attrs: { drill_hole_diameter: optNumber('drill_hole_diameter', d), material: opt('material', 'Bi-metal') },
      keywords: ['holesaw', 'hole saw', `${d}mm hole saw`, ...KW],
      description: `Bi-metal holesaw, ${d} mm, for wood, plastics and sheet steel. Fits the standard quick-release arbor.` });
  }
  for (const drive of ['PH2', 'PZ2', 'PZ3', 'TX20', 'TX25', 'TX30', 'TX40']) {
    for (const [length, items, kind] of [[25, 10, ''], [50, 5, ''], [25, 10, 'IMP']] as const) {
      out.push({ sku: `DB-${drive}-${length}-${kind || items}`, name: `${kind ? 'Impact ' : ''}Screwdriver Bit ${drive} x ${length}mm`, category: 'driver-bits', family: 'drill-bits', pack: packOf(items), tiers: true, price: retail((kind ? 0.75 : 0.45) * items + length * 0.02),
        attrs: { drive: opt('drive', drive), anchor_length: measure('anchor_length', length), pack_quantity: measure('pack_quantity', items) },
        keywords: [`${drive.toLowerCase()} bit`, 'driver bit', 'screwdriver bit', ...KW],
        description: `${kind ? 'Torsion-zone impact-rated ' : ''}${drive} screwdriver bit, ${length} mm, 1/4" hex shank.` });
    }
  }
  const sets: [string, string, number][] = [
    ['BS-SDS-5', 'SDS-Plus Drill Bit Set 5 Piece', 14.99],
    ['BS-SDS-7', 'SDS-Plus Drill Bit Set 7 Piece', 24.99],
    ['BS-SDS-12', 'SDS-Plus Drill Bit Set 12 Piece', 39.99],
    ['BS-SDS-CH3', 'SDS-Plus Chisel Set 3 Piece', 17.99],
    ['BS-HSS-19', 'HSS Drill Bit Set 19 Piece', 19.99],
    ['BS-HSS-25', 'HSS Drill Bit Set 25 Piece', 29.99],
    ['BS-DRV-32', 'Screwdriver Bit Set 32 Piece', 12.99],
    ['BS-DRV-60', 'Screwdriver Bit Set 60 Piece', 24.99],
    ['BS-MIX-100', 'Drill & Driver Set 100 Piece', 34.99],
  ];
  for (const [sku, name, price] of sets) {
    out.push({ sku, name, category: 'bit-sets', family: 'drill-bits', pack: EACH, stockProfile: 'tool', price, attrs: {}, keywords: ['bit set', 'drill set', 'drill bit set', ...KW], description: `${name} in a robust carry case with labelled slots.` });
  }
  return out;
}

export const DRILL_BITS: FamilyDef = { key: 'drill-bits', weight: 0.1, brands: FIXING_BRANDS, variants: () => [...masonryBits(), ...metalAndWoodBits(), ...cuttersAndSets()] };
