import { measure, opt, optNumber } from './attributes';
import { FIXING_BRANDS } from './brands';
import { box, retail, screwSize, skuSize, type FamilyDef, type VariantSpec } from './variant-spec';

/** Heavier screws: concrete screws, self-drilling tek screws, roofing screws, structural timber screws. */

function concreteScrews(): VariantSpec[] {
  const lines = [
    { d: 6.3, lengths: [30, 40, 50, 60, 70, 80, 100], code: 'HF', head: 'Hex flange', drive: '10 mm hex', hole: 5.5 },
    { d: 7.5, lengths: [60, 70, 80, 100, 120, 150], code: 'CSK', head: 'Countersunk', drive: 'TX30', hole: 6 },
  ];
  return lines.flatMap((l) => l.lengths.map((length): VariantSpec => ({
    sku: `CS-${skuSize(l.d)}-${length}-${l.code}`, name: `Concrete Screw ${screwSize(l.d)} x ${length}mm ${l.head === 'Hex flange' ? 'Hex Flange Head' : 'Countersunk'} Blue`,
    category: 'concrete-screws', family: 'screws', pack: box(100), tiers: true,
    price: retail((0.04 + l.d * length * 0.00035) * 100),
    attrs: {
      screw_diameter: optNumber('screw_diameter', l.d), anchor_length: measure('anchor_length', length), drill_hole_diameter: optNumber('drill_hole_diameter', l.hole),
      max_fixture_thickness: measure('max_fixture_thickness', Math.max(5, length - 30)), head_type: opt('head_type', l.head), drive: opt('drive', l.drive),
      finish: opt('finish', 'Ceramic coated'), colour: opt('colour', 'Blue'), material: opt('material', 'Carbon steel'), pack_quantity: measure('pack_quantity', 100),
    },
    keywords: ['concrete screw', 'masonry screw', 'concrete bolt', 'blue screws', 'frame screw', 'screws'],
    description: `Hardened, blue ceramic-coated screw that cuts its own thread in concrete, brick and block: no plug needed. Drill ${l.hole} mm, ${screwSize(l.d)} x ${length} mm.`,
  })));
}

function tekAndRoofing(): VariantSpec[] {
  const out: VariantSpec[] = [];
  for (const length of [25, 32, 38, 50, 65, 80, 100]) {
    for (const [code, section, maxSteel] of [['LS', 'Light Section', 2], ['HS', 'Heavy Section', 12.5]] as const) {
      if (code === 'LS' && length > 80) continue;
      out.push({
        sku: `TEK-55-${length}-${code}`, name: `Self-Drilling Tek Screw 5.5 x ${length}mm ${section} with Washer`, category: 'self-drilling-screws', family: 'screws', pack: box(100), tiers: true,
        price: retail((0.05 + length * 0.0012) * (code === 'HS' ? 1.2 : 1) * 100),
        attrs: {
          screw_diameter: optNumber('screw_diameter', 5.5), anchor_length: measure('anchor_length', length),
          head_type: opt('head_type', 'Hex flange'), drive: opt('drive', '8 mm hex'), finish: opt('finish', 'Bright zinc plated'),
          thickness: optNumber('thickness', maxSteel), pack_quantity: measure('pack_quantity', 100),
        },
        specs: [['Max. steel thickness', `${maxSteel} mm`]],
        keywords: ['tek screw', 'tek screws', 'tek', 'tech screw', 'self drilling screw', 'cladding screw', 'screws'],
        description: `Self-drilling hex-head screw with a bonded EPDM washer, for fixing sheet to ${section.toLowerCase()} steel up to ${maxSteel} mm without pre-drilling.`,
      });
    }
  }
  for (const length of [25, 32, 65, 100, 130]) {
    out.push({
      sku: `RF-63-${length}`, name: `Roofing Screw 6.3 x ${length}mm with Washer`, category: 'roofing-screws', family: 'screws', pack: box(100), tiers: true,
      price: retail((0.1 + length * 0.002) * 100),
      attrs: {
        screw_diameter: optNumber('screw_diameter', 6.3), anchor_length: measure('anchor_length', length), head_type: opt('head_type', 'Hex flange'),
        drive: opt('drive', '8 mm hex'), finish: opt('finish', 'Hot-dip galvanised'), pack_quantity: measure('pack_quantity', 100),
      },
      keywords: ['roofing screw', 'tek', 'cladding screw', 'box profile', 'screws'],
      description: `Roofing and cladding screw for profiled sheets onto timber purlins, with a 19 mm sealing washer. 6.3 x ${length} mm.`,
    });
  }
  return out;
}

function structuralTimber(): VariantSpec[] {
  const sizes: [number, number[]][] = [[6, [80, 100, 120, 140, 160, 200]], [8, [100, 120, 160, 200, 240, 300]], [10, [120, 160, 200, 240, 300, 360]]];
  return sizes.flatMap(([d, lengths]) => lengths.map((length): VariantSpec => ({
    sku: `STS-${skuSize(d)}-${length}-WF`, name: `Structural Timber Screw ${screwSize(d)} x ${length}mm Wafer Head`,
    category: 'structural-timber-screws', family: 'screws', pack: box(50), tiers: true,
    price: retail((0.12 + d * length * 0.0004) * 50),
    attrs: {
      screw_diameter: optNumber('screw_diameter', d), anchor_length: measure('anchor_length', length), head_type: opt('head_type', 'Wafer'),
      drive: opt('drive', d >= 8 ? 'TX40' : 'TX30'), finish: opt('finish', 'Yellow passivated'), approval: opt('approval', 'EN 14592 (timber)'),
      pack_quantity: measure('pack_quantity', 50),
    },
    keywords: ['timber screw', 'structural screw', 'landscape screw', 'sleeper screw', 'screws'],
    description: `Structural wafer-head timber screw that replaces coach bolts in joists, sleepers and frames: no pre-drilling, ${screwSize(d)} x ${length} mm.`,
  })));
}

export const STRUCTURAL_SCREWS: FamilyDef = { key: 'structural-screws', weight: 0.07, brands: FIXING_BRANDS, variants: () => [...concreteScrews(), ...tekAndRoofing(), ...structuralTimber()] };
