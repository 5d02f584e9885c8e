import { measure, opt, optNumber } from './attributes';
import { FIXING_BRANDS } from './brands';
import { box, EACH, retail, type FamilyDef, type VariantSpec } from './variant-spec';

/** Cavity and plasterboard fixings: colour-coded wall plugs, spring toggles, cavity anchors, self-drive plugs. */

const KW = ['plasterboard fixing', 'cavity fixing', 'hollow wall', 'plugs', 'rawlplug', 'rawl plug'];

/** The UK colour code: the plug colour tells the drill size and the screw gauge it takes. */
const PLUGS = [
  { code: 'YEL', colour: 'Yellow', drill: 5, screws: '3.0-3.5 mm', box100: 1.49 },
  { code: 'RED', colour: 'Red', drill: 6, screws: '3.5-5.0 mm', box100: 1.79 },
  { code: 'BRN', colour: 'Brown', drill: 7, screws: '4.5-5.0 mm', box100: 2.39 },
  { code: 'BLU', colour: 'Blue', drill: 10, screws: '6.0-8.0 mm', box100: 3.89 },
] as const;

function wallPlugs(): VariantSpec[] {
  const out: VariantSpec[] = [];
  for (const p of PLUGS) {
    for (const items of [100, 200, 500]) {
      out.push({
        sku: `WP-${p.code}-${items}`, name: `Wall Plug ${p.colour} ${p.drill}mm`, category: 'wall-plugs', family: 'cavity', pack: box(items), tiers: true,
        price: retail((p.box100 * items) / 100 * (items >= 500 ? 0.85 : 1)),
        attrs: { colour: opt('colour', p.colour), drill_hole_diameter: optNumber('drill_hole_diameter', p.drill), material: opt('material', 'Polypropylene'), pack_quantity: measure('pack_quantity', items) },
        specs: [['Screw size', p.screws]],
        keywords: [`${p.colour.toLowerCase()} plugs`, `${p.colour.toLowerCase()} wall plugs`, 'wall plug', 'rawlplugs', ...KW],
        description: `${p.colour} polypropylene wall plugs for ${p.screws} screws in brick, block and concrete. Drill ${p.drill} mm; the anti-rotation fins stop the plug spinning as the screw goes in.`,
      });
    }
  }
  // Sold singly on the counter: whole items well under £1.
  const singles: [string, number, number, number][] = [['10X60', 10, 60, 0.35], ['12X60', 12, 60, 0.42], ['14X70', 14, 70, 0.58]];
  for (const [size, d, length, price] of singles) {
    out.push({
      sku: `WP-NY-${size}-EA`, name: `Heavy Duty Nylon Wall Plug ${d} x ${length}mm`, category: 'wall-plugs', family: 'cavity', pack: EACH, price,
      attrs: { drill_hole_diameter: optNumber('drill_hole_diameter', d), anchor_length: measure('anchor_length', length), material: opt('material', 'Nylon'), colour: opt('colour', 'Grey') },
      keywords: ['nylon plug', 'heavy duty plug', ...KW],
      description: `Single heavy-duty nylon plug, ${d} x ${length} mm, for coach screws and large wood screws in solid masonry.`,
    });
  }
  return out;
}

function togglesAndAnchors(): VariantSpec[] {
  const out: VariantSpec[] = [];
  for (const d of [4, 5, 6, 8]) {
    for (const length of [50, 80, 100]) {
      out.push({
        sku: `ST-M${d}-${length}`, name: `Spring Toggle M${d} x ${length}mm`, category: 'spring-toggles', family: 'cavity', pack: box(25), tiers: true,
        price: retail((0.22 + d * length * 0.0003) * 25),
        attrs: {
          bolt_diameter: measure('bolt_diameter', d), anchor_length: measure('anchor_length', length),
          drill_hole_diameter: optNumber('drill_hole_diameter', d * 2 + 4), material: opt('material', 'Carbon steel'),
          finish: opt('finish', 'Bright zinc plated'), pack_quantity: measure('pack_quantity', 25),
        },
        keywords: ['spring toggle', 'toggle bolt', 'butterfly toggle', 'ceiling fixing', ...KW],
        description: `Spring-loaded toggle with an M${d} x ${length} mm machine screw for hanging lights and fittings from hollow ceilings and partitions.`,
      });
    }
  }
  const cavity: [number, number, number][] = [[4, 32, 9.5], [4, 46, 12.5], [5, 37, 9.5], [5, 52, 12.5], [5, 65, 25], [6, 37, 9.5], [6, 52, 12.5], [6, 65, 25]];
  for (const [d, length, board] of cavity) {
    const items = d === 6 ? 50 : 100;
    out.push({
      sku: `CA-M${d}-${length}`, name: `Cavity Anchor M${d} x ${length}mm`, category: 'cavity-anchors', family: 'cavity', pack: box(items), tiers: true,
      price: retail((0.09 + d * length * 0.0003) * items),
      attrs: {
        bolt_diameter: measure('bolt_diameter', d), anchor_length: measure('anchor_length', length), thickness: optNumber('thickness', board),
        material: opt('material', 'Carbon steel'), finish: opt('finish', 'Bright zinc plated'), pack_quantity: measure('pack_quantity', items),
      },
      specs: [['Board thickness', `up to ${board} mm`]],
      keywords: ['cavity anchor', 'hollow wall anchor', 'plasterboard anchor', 'spring anchor', ...KW],
      description: `Metal hollow wall anchor for plasterboard up to ${board} mm thick. Set with a setting tool or by tightening the M${d} screw; the screw can then be removed and refitted.`,
    });
  }
  const selfDrive: [string, string, string, number, number][] = [
    ['SD-NY-100', 'Self-Drive Plasterboard Plug Nylon', 'Nylon', 100, 6.99],
    ['SD-ZN-100', 'Self-Drive Plasterboard Plug Zinc', 'Zinc alloy', 100, 9.99],
    ['SD-ZN-25', 'Self-Drive Plasterboard Plug Zinc', 'Zinc alloy', 25, 3.49],
    ['SD-NY-25S', 'Self-Drive Plasterboard Plug Nylon with Screws', 'Nylon', 25, 2.99],
  ];
  for (const [sku, name, material, items, price] of selfDrive) {
    out.push({
      sku, name, category: 'self-drive-plugs', family: 'cavity', pack: box(items), tiers: true, price,
      attrs: { material: opt('material', material), thickness: optNumber('thickness', 12.5), pack_quantity: measure('pack_quantity', items) },
      keywords: ['speed plug', 'self drive plug', 'drywall plug', ...KW],
      description: `${name}: screws straight into 9.5 and 12.5 mm plasterboard with a PZ2 bit, no drilling needed.`,
    });
  }
  return out;
}

export const CAVITY: FamilyDef = { key: 'cavity', weight: 0.06, brands: FIXING_BRANDS, variants: () => [...wallPlugs(), ...togglesAndAnchors()] };
