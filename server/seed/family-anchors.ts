import { measure, opt, optNearest, optNumber } from './attributes';
import { FIXING_BRANDS } from './brands';
import { box, retail, type FamilyDef, type VariantSpec } from './variant-spec';

/** Masonry anchors: through bolts, sleeve, shield and drop-in anchors, hammer and frame fixings. */

const EMBED: Record<number, number> = { 6: 40, 8: 48, 10: 60, 12: 70, 16: 85, 20: 100 };
const TORQUE: Record<number, number> = { 6: 8, 8: 20, 10: 35, 12: 60, 16: 120, 20: 240 };
const LOAD: Record<number, number> = { 6: 4, 8: 6, 10: 9, 12: 12, 16: 20, 20: 30 };
const SPANNER: Record<number, string> = { 6: '10 mm hex', 8: '13 mm hex', 10: '17 mm hex', 12: '19 mm hex', 16: '24 mm hex', 20: '30 mm hex' };
const THROUGH_BOLT_LENGTHS: Record<number, number[]> = {
  6: [50, 65, 85, 100], 8: [50, 75, 95, 115, 135], 10: [65, 80, 95, 100, 120, 140, 160, 200],
  12: [80, 100, 120, 150, 180, 220, 260], 16: [100, 125, 145, 180, 220, 300], 20: [120, 160, 200, 260, 300],
};
export const THROUGH_BOLT_FINISHES = [
  { code: 'Z', name: 'Bright Zinc Plated', finish: 'Bright zinc plated', material: 'Carbon steel', factor: 1, approval: 'ETA Option 7 (non-cracked concrete)' },
  { code: 'HDG', name: 'Hot-Dip Galvanised', finish: 'Hot-dip galvanised', material: 'Carbon steel', factor: 1.4, approval: 'ETA Option 7 (non-cracked concrete)' },
  { code: 'A4', name: 'A4 Stainless Steel', finish: 'Self colour', material: 'A4 stainless steel', factor: 2.8, approval: 'ETA Option 1 (cracked concrete)' },
] as const;
const ANCHOR_KW = ['anchor', 'anchr', 'masonry anchor', 'concrete fixing'];

function throughBolts(): VariantSpec[] {
  const out: VariantSpec[] = [];
  for (const [dText, lengths] of Object.entries(THROUGH_BOLT_LENGTHS)) {
    const d = Number(dText);
    const embed = EMBED[d] ?? 60;
    const items = d <= 10 ? 50 : d === 12 ? 25 : 10;
    for (const length of lengths) {
      const fixture = Math.max(2, length - embed - d);
      for (const f of THROUGH_BOLT_FINISHES) {
        out.push({
          sku: `TB-M${d}-${length}-${f.code}`, name: `Through Bolt M${d} x ${length}mm ${f.name}`,
          category: 'through-bolts', family: 'anchors', pack: box(items), tiers: true,
          price: retail((0.09 + d * d * length * 0.00003) * f.factor * items),
          attrs: {
            bolt_diameter: measure('bolt_diameter', d), anchor_length: measure('anchor_length', length),
            drill_hole_diameter: optNumber('drill_hole_diameter', d), max_fixture_thickness: measure('max_fixture_thickness', fixture),
            embedment_depth: measure('embedment_depth', embed), material: opt('material', f.material), finish: opt('finish', f.finish),
            head_type: opt('head_type', 'Hex'), drive: opt('drive', SPANNER[d] ?? '17 mm hex'), pack_quantity: measure('pack_quantity', items),
            characteristic_load_kn: optNearest('characteristic_load_kn', LOAD[d] ?? 9), approval: opt('approval', f.approval),
          },
          specs: [['Installation torque', `${TORQUE[d] ?? 35} Nm`], ['Min. hole depth', `${embed + 10} mm`]],
          keywords: ['through bolt', 'throughbolt', 'wedge anchor', `m${d} through bolt`, `m${d} anchor`, ...ANCHOR_KW],
          description: `Through bolt (wedge anchor) for heavy-duty fixings into solid concrete and natural stone. M${d} thread, ${length} mm long: drill a ${d} mm hole at least ${embed + 10} mm deep and fix material up to ${fixture} mm thick. ${f.name}; supplied with nut and washer fitted.`,
          technical: `Drill ${d} mm, clean the hole (blow, brush, blow), push through the fixture, tap home and tighten to ${TORQUE[d] ?? 35} Nm.`,
        });
      }
    }
  }
  return out;
}

function sleeveAnchors(): VariantSpec[] {
  const sizes: [number, number[], number][] = [[6, [40, 65], 8], [8, [45, 65, 85, 100], 10], [10, [70, 100, 130], 12], [12, [100, 130], 16], [16, [125, 160], 20]];
  const heads = [['HX', 'Hex Head', 'Hex'], ['CSK', 'Countersunk', 'Countersunk']] as const;
  return sizes.flatMap(([d, lengths, hole]) => lengths.flatMap((length) => heads.map(([code, headName, head]): VariantSpec => {
    const items = d <= 10 ? 50 : 25;
    return {
      sku: `SA-M${d}-${length}-${code}`, name: `Sleeve Anchor M${d} x ${length}mm ${headName} Bright Zinc Plated`,
      category: 'sleeve-anchors', family: 'anchors', pack: box(items), tiers: true,
      price: retail((0.11 + d * length * 0.00028) * items),
      attrs: {
        bolt_diameter: measure('bolt_diameter', d), anchor_length: measure('anchor_length', length), drill_hole_diameter: optNumber('drill_hole_diameter', hole),
        max_fixture_thickness: measure('max_fixture_thickness', Math.max(2, length - 4 * d)), head_type: opt('head_type', head),
        material: opt('material', 'Carbon steel'), finish: opt('finish', 'Bright zinc plated'), pack_quantity: measure('pack_quantity', items),
        characteristic_load_kn: optNearest('characteristic_load_kn', (LOAD[d] ?? 6) * 0.6), approval: opt('approval', 'ETA for masonry'),
      },
      keywords: ['sleeve anchor', 'sleeve bolt', `m${d} sleeve anchor`, ...ANCHOR_KW],
      description: `Sleeve anchor for medium-duty fixings into concrete, brick and block. Drill ${hole} mm; the expanding sleeve spreads the load in softer masonry. M${d} x ${length} mm, ${headName.toLowerCase()}.`,
    };
  })));
}

function shieldsAndDropIns(): VariantSpec[] {
  const out: VariantSpec[] = [];
  const shield: [number, number, number][] = [[6, 12, 60], [8, 14, 65], [10, 16, 75], [12, 20, 100], [16, 25, 120]];
  for (const [d, hole, length] of shield) {
    for (const [code, label, head] of [['PB', 'Projecting Bolt', 'Projecting bolt'], ['LB', 'Loose Bolt', 'Hex']] as const) {
      const items = d <= 10 ? 25 : 10;
      out.push({
        sku: `SH-M${d}-${code}`, name: `Shield Anchor M${d} ${label}`, category: 'shield-anchors', family: 'anchors', pack: box(items), tiers: true,
        price: retail((0.35 + d * 0.06) * items),
        attrs: {
          bolt_diameter: measure('bolt_diameter', d), anchor_length: measure('anchor_length', length),
          drill_hole_diameter: optNumber('drill_hole_diameter', hole), head_type: opt('head_type', head), material: opt('material', 'Carbon steel'),
          finish: opt('finish', 'Bright zinc plated'), pack_quantity: measure('pack_quantity', items),
        },
        keywords: ['shield anchor', 'rawlbolt', 'loose bolt', 'projecting bolt', ...ANCHOR_KW],
        description: `Four-segment shield anchor for heavy loads in concrete and solid brick. ${label} version, M${d}, drill ${hole} mm.`,
      });
    }
  }
  const dropIn: [number, number, number][] = [[6, 8, 25], [8, 10, 30], [10, 12, 40], [12, 15, 50], [16, 20, 65]];
  for (const [d, hole, length] of dropIn) {
    const items = d <= 8 ? 100 : d <= 12 ? 50 : 25;
    out.push({
      sku: `DI-M${d}`, name: `Drop-in Anchor M${d} x ${length}mm`, category: 'drop-in-anchors', family: 'anchors', pack: box(items), tiers: true,
      price: retail((0.12 + d * 0.02) * items),
      attrs: {
        bolt_diameter: measure('bolt_diameter', d), anchor_length: measure('anchor_length', length),
        drill_hole_diameter: optNumber('drill_hole_diameter', hole), embedment_depth: measure('embedment_depth', length),
        material: opt('material', 'Carbon steel'), finish: opt('finish', 'Bright zinc plated'), pack_quantity: measure('pack_quantity', items),
      },
      keywords: ['drop in anchor', 'dropin', 'ceiling anchor', 'threaded rod anchor', ...ANCHOR_KW],
      description: `Internally threaded drop-in anchor for suspending threaded rod from concrete soffits. M${d}, drill ${hole} mm x ${length} mm; set with the matching setting tool.`,
    });
  }
  return out;
}

export const ANCHORS: FamilyDef = { key: 'anchors', weight: 0.08, brands: FIXING_BRANDS, variants: () => [...throughBolts(), ...sleeveAnchors(), ...shieldsAndDropIns()] };
