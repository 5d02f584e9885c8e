import { measure, opt, optNumber } from './attributes';
import { FIXING_BRANDS } from './brands';
import { box, EACH, packOf, retail, type FamilyDef, type VariantSpec } from './variant-spec';

/** Chemical anchoring: resin cartridges, threaded studs, mesh sleeves, guns and hole cleaning. */

const KW = ['chem fix', 'chemfix', 'chemical anchor', 'resin anchor', 'injection resin', 'resin'];

const RESINS = [
  { sku: 'CR-PE-300-GR', name: 'Polyester Resin 300ml Grey', ml: 300, kind: 'polyester', colour: 'Grey', price: 8.49, coax: false },
  { sku: 'CR-PE-380-GR', name: 'Polyester Resin 380ml Coaxial Grey', ml: 380, kind: 'polyester', colour: 'Grey', price: 10.99, coax: true },
  { sku: 'CR-PE-380-ST', name: 'Polyester Resin 380ml Coaxial Stone', ml: 380, kind: 'polyester', colour: 'Beige', price: 11.49, coax: true },
  { sku: 'CR-VE-300', name: 'Styrene-Free Vinylester Resin 300ml', ml: 300, kind: 'vinylester', colour: 'Grey', price: 12.99, coax: false },
  { sku: 'CR-VE-380', name: 'Vinylester Resin 380ml Coaxial', ml: 380, kind: 'vinylester', colour: 'Grey', price: 14.49, coax: true },
  { sku: 'CR-VE-410', name: 'Vinylester Resin 410ml', ml: 410, kind: 'vinylester', colour: 'Grey', price: 16.99, coax: false },
  { sku: 'CR-VE-410-W', name: 'Vinylester Resin 410ml Winter Grade', ml: 410, kind: 'vinylester', colour: 'Grey', price: 18.49, coax: false },
  { sku: 'CR-EP-410', name: 'Pure Epoxy Resin 410ml', ml: 410, kind: 'epoxy', colour: 'Grey', price: 23.99, coax: false },
  { sku: 'CR-EP-585', name: 'Pure Epoxy Resin 585ml', ml: 585, kind: 'epoxy', colour: 'Grey', price: 31.99, coax: false },
] as const;

function resins(): VariantSpec[] {
  return RESINS.map((r): VariantSpec => {
    const strong = r.kind !== 'polyester';
    return {
      sku: r.sku, name: r.name, category: `${r.kind}-resin`, family: 'chemical', pack: EACH, tiers: true,
      price: r.price,
      attrs: {
        material: opt('material', r.kind === 'polyester' ? 'Polyester resin' : r.kind === 'vinylester' ? 'Vinylester resin' : 'Epoxy resin'),
        colour: opt('colour', r.colour),
        approval: opt('approval', strong ? 'ETA Option 1 (cracked concrete)' : 'ETA for masonry'),
      },
      specs: [['Cartridge', `${r.ml} ml${r.coax ? ' coaxial' : ' side-by-side'}`], ['Gel time at 20°C', r.kind === 'epoxy' ? '25 min' : '6 min'], ['Cure time at 20°C', r.kind === 'epoxy' ? '12 h' : '45 min']],
      keywords: [`${r.kind} resin`, `${r.ml}ml resin`, ...KW],
      // A few descriptions carry the simple markup the old CMS allowed; views must escape it.
      description: strong
        ? `<strong>${r.kind === 'epoxy' ? 'Pure epoxy' : 'Vinylester'} injection resin</strong> for structural anchoring of studs and rebar in cracked and non-cracked concrete. Use with a ${r.ml} ml applicator gun and the mixer nozzle supplied.`
        : `Polyester injection resin for general anchoring into solid and hollow masonry: use with mesh sleeves in hollow brick and block. ${r.ml} ml cartridge with two mixer nozzles.`,
      technical: 'Drill, clean the hole thoroughly (2 x blow, 2 x brush, 2 x blow), dispense until the mix is an even colour, fill two-thirds from the bottom, insert the stud with a twisting motion and leave to cure before loading.',
    };
  });
}

const STUDS: [number, number[], number][] = [[8, [110, 160], 10], [10, [130, 170], 12], [12, [160, 220], 14], [16, [190, 300], 18], [20, [260, 380], 24], [24, [300, 380], 28]];

function studs(): VariantSpec[] {
  return STUDS.flatMap(([d, lengths, hole]) => lengths.flatMap((length) => (['Z', 'A4'] as const).map((f): VariantSpec => {
    const items = d <= 12 ? 10 : 5;
    const embed = Math.round(length - 2 * d - 20);
    return {
      sku: `RS-M${d}-${length}-${f}`, name: `Resin Stud M${d} x ${length}mm ${f === 'Z' ? 'Bright Zinc Plated' : 'A4 Stainless Steel'} with Nut & Washer`,
      category: 'resin-studs', family: 'chemical', pack: box(items), tiers: true,
      price: retail((0.25 + d * length * 0.0004) * (f === 'Z' ? 1 : 2.5) * items),
      attrs: {
        bolt_diameter: measure('bolt_diameter', d), anchor_length: measure('anchor_length', length), drill_hole_diameter: optNumber('drill_hole_diameter', hole),
        embedment_depth: measure('embedment_depth', embed), max_fixture_thickness: measure('max_fixture_thickness', Math.max(5, length - embed - d - 5)),
        material: opt('material', f === 'Z' ? 'Carbon steel' : 'A4 stainless steel'), finish: opt('finish', f === 'Z' ? 'Bright zinc plated' : 'Self colour'),
        pack_quantity: measure('pack_quantity', items),
      },
      keywords: ['resin stud', 'chemical stud', 'anchor stud', `m${d} stud`, ...KW],
      description: `Chisel-pointed threaded stud for chemical anchors, M${d} x ${length} mm, supplied with nut and washer. Drill ${hole} mm to ${embed} mm deep.`,
    };
  })));
}

function sleevesGunsCleaning(): VariantSpec[] {
  const sleeves: [number, number][] = [[12, 50], [16, 85], [16, 130], [20, 85], [22, 85]];
  const out: VariantSpec[] = sleeves.map(([d, length]) => ({
    sku: `MS-${d}-${length}`, name: `Mesh Sleeve ${d} x ${length}mm`, category: 'mesh-sleeves', family: 'chemical', pack: box(length > 85 ? 25 : 50), tiers: true,
    price: retail((0.2 + d * length * 0.0001) * (length > 85 ? 25 : 50)),
    attrs: { drill_hole_diameter: optNumber('drill_hole_diameter', d), anchor_length: measure('anchor_length', length), material: opt('material', 'Polypropylene') },
    keywords: ['mesh sleeve', 'resin sleeve', 'hollow brick anchor', ...KW],
    description: `Plastic mesh sleeve that keeps resin in place in hollow brick and block. ${d} mm hole, ${length} mm long.`,
  }));
  const guns: [string, string, number][] = [['AG-380-COAX', 'Coaxial Applicator Gun 380ml', 17.99], ['AG-410-HD', 'Heavy Duty Applicator Gun 410ml', 28.99], ['AG-300-SK', 'Skeleton Applicator Gun 300ml', 6.99]];
  for (const [sku, name, price] of guns) {
    out.push({ sku, name, category: 'applicator-guns', family: 'chemical', pack: EACH, price, stockProfile: 'tool',
      attrs: { material: opt('material', 'Steel') },
      keywords: ['resin gun', 'applicator gun', 'mastic gun', ...KW],
      description: `${name} with a high-thrust ratio for smooth dispensing of injection resin cartridges.` });
  }
  out.push(
    { sku: 'NZ-MIX-10', name: 'Resin Mixer Nozzles', category: 'nozzles-cleaning', family: 'chemical', pack: packOf(10), price: 6.49, tiers: true,
      attrs: { pack_quantity: measure('pack_quantity', 10) },
      keywords: ['mixer nozzle', 'static mixer', ...KW],
      description: 'Spare static mixer nozzles for 300, 380 and 410 ml resin cartridges.' },
    { sku: 'NZ-EXT-10', name: 'Resin Extension Tubes 200mm', category: 'nozzles-cleaning', family: 'chemical', pack: packOf(10), price: 4.99,
      attrs: { pack_quantity: measure('pack_quantity', 10) },
      keywords: ['extension tube', ...KW],
      description: 'Extension tubes for filling deep holes from the bottom.' },
    { sku: 'HC-PUMP', name: 'Hole Cleaning Blow Pump', category: 'nozzles-cleaning', family: 'chemical', pack: EACH, price: 5.49, stockProfile: 'tool',
      attrs: {},
      keywords: ['blow pump', 'hole cleaning', ...KW],
      description: 'Hand blow pump for clearing drilling dust; a clean hole is essential for the rated load.' },
  );
  for (const d of [10, 14, 18, 24, 28]) {
    out.push({ sku: `HC-BRUSH-${d}`, name: `Hole Cleaning Brush ${d}mm`, category: 'nozzles-cleaning', family: 'chemical', pack: EACH, price: retail(1.9 + d * 0.05),
      attrs: { drill_hole_diameter: optNumber('drill_hole_diameter', d) },
      keywords: ['hole brush', 'cleaning brush', ...KW],
      description: `Wire brush for cleaning ${d} mm holes before injecting resin.` });
  }
  return out;
}

export const CHEMICAL: FamilyDef = { key: 'chemical', weight: 0.06, brands: FIXING_BRANDS, variants: () => [...resins(), ...studs(), ...sleevesGunsCleaning()] };
