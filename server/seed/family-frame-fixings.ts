import { measure, opt, optNumber } from './attributes';
import { FIXING_BRANDS } from './brands';
import { box, retail, type FamilyDef, type VariantSpec } from './variant-spec';

/** Light-duty masonry fixings sold by the hundred: nylon hammer fixings and frame fixings. */

const HAMMER_SIZES: [number, number][] = [[5, 30], [5, 40], [6, 40], [6, 60], [6, 80], [8, 60], [8, 80], [8, 100], [8, 120], [10, 100], [10, 120], [10, 160]];
const MUSHROOM = new Set(['6x40', '6x60', '8x80']);
const FRAME_SIZES: [number, number][] = [[8, 80], [8, 100], [8, 120], [10, 80], [10, 100], [10, 115], [10, 135], [10, 160], [10, 200]];
const KW = ['hammer fixing', 'hammer in fixing', 'nail plug', 'frame fixing', 'rawlplug', 'masonry fixing'];

function hammerFixings(): VariantSpec[] {
  return HAMMER_SIZES.flatMap(([d, length]) => {
    const heads: [string, string, string][] = [['', 'Countersunk', 'Countersunk']];
    if (MUSHROOM.has(`${d}x${length}`)) heads.push(['-MH', 'Mushroom Head', 'Mushroom']);
    const items = d * length <= 480 ? 100 : 50;
    return heads.map(([suffix, label, head]): VariantSpec => ({
      sku: `HF-${d}-${length}${suffix}`, name: `Hammer Fixing ${d} x ${length}mm ${label}`,
      category: 'hammer-fixings', family: 'anchors', pack: box(items), tiers: true,
      price: retail((0.03 + d * length * 0.00009) * items),
      attrs: {
        anchor_length: measure('anchor_length', length), drill_hole_diameter: optNumber('drill_hole_diameter', d),
        max_fixture_thickness: measure('max_fixture_thickness', Math.max(5, length - 30)), head_type: opt('head_type', head),
        material: opt('material', 'Nylon'), finish: opt('finish', 'Bright zinc plated'), drive: opt('drive', 'PZ2'),
        pack_quantity: measure('pack_quantity', items),
      },
      keywords: [`hammer fixing ${d}x${length}`, ...KW],
      description: `Pre-assembled nylon plug and zinc-plated nail-screw for fast fixing of battens, cable trays and skirting to brick, block and concrete. Drill ${d} mm through the fixture, hammer home; the screw thread allows removal.`,
    }));
  });
}

function frameFixings(): VariantSpec[] {
  return FRAME_SIZES.flatMap(([d, length]) => {
    const heads: [string, string, string][] = [['', 'Countersunk', 'Countersunk']];
    if (d === 10) heads.push(['-HX', 'Hex Head', 'Hex']);
    const items = length >= 135 ? 25 : 50;
    return heads.map(([suffix, label, head]): VariantSpec => ({
      sku: `FF-${d}-${length}${suffix}`, name: `Frame Fixing ${d} x ${length}mm ${label}`,
      category: 'frame-fixings', family: 'anchors', pack: box(items), tiers: true,
      price: retail((0.12 + d * length * 0.00012) * items),
      attrs: {
        anchor_length: measure('anchor_length', length), drill_hole_diameter: optNumber('drill_hole_diameter', d),
        max_fixture_thickness: measure('max_fixture_thickness', Math.max(10, length - 50)), head_type: opt('head_type', head),
        material: opt('material', 'Nylon'), finish: opt('finish', 'Bright zinc plated'), drive: opt('drive', head === 'Hex' ? '13 mm hex' : 'PZ3'),
        pack_quantity: measure('pack_quantity', items),
      },
      keywords: [`frame fixing ${d}x${length}`, 'window frame fixing', 'door frame fixing', ...KW],
      description: `Nylon frame fixing with a pre-assembled zinc-plated screw, for door and window frames, timber and metal sections into masonry. ${d} x ${length} mm, drill ${d} mm through the frame.`,
    }));
  });
}

export const FRAME_FIXINGS: FamilyDef = { key: 'frame-fixings', weight: 0.05, brands: FIXING_BRANDS, variants: () => [...hammerFixings(), ...frameFixings()] };
