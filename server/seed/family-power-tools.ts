import { measure, opt } from './attributes';
import { POWER_TOOL_BRANDS } from './brands';
import { EACH, retail, type FamilyDef, type VariantSpec } from './variant-spec';

/**
 * 18 V and 36 V cordless platforms plus 240 V / 110 V site tools. Each tool comes "body only" or as a
 * kit with batteries, the way the trade buys them. The platform brand is part of the name.
 */

const KITS = [
  { code: 'B', label: 'Body Only', capacity: 'Body only', extra: 0 },
  { code: 'K2', label: '2 x 2.0Ah Kit', capacity: '2.0 Ah', extra: 85 },
  { code: 'K4', label: '2 x 4.0Ah Kit', capacity: '4.0 Ah', extra: 150 },
  { code: 'K5', label: '2 x 5.0Ah Kit', capacity: '5.0 Ah', extra: 175 },
] as const;

interface ToolLine { code: string; name: string; category: string; body: number; volts: number; kits: readonly string[]; kw: readonly string[]; blurb: string; drive?: string }

const CORDLESS: ToolLine[] = [
  { code: 'SDS18', name: '18V SDS-Plus Hammer Drill', category: 'sds-drills', body: 129, volts: 18, kits: ['B', 'K4', 'K5'], drive: 'SDS-plus', kw: ['sds drill', 'hammer drill', 'rotary hammer', 'sds plus drill'], blurb: 'Brushless 2.0 J rotary hammer with three modes (drill, hammer drill, chisel) for anchors up to M12.' },
  { code: 'SDS36', name: '36V SDS-Plus Rotary Hammer', category: 'sds-drills', body: 239, volts: 36, kits: ['B', 'K4'], drive: 'SDS-plus', kw: ['sds drill', '36v sds', 'rotary hammer'], blurb: 'High-output 3.5 J rotary hammer for all-day drilling of 12-26 mm holes in concrete.' },
  { code: 'CD18', name: '18V Brushless Combi Drill', category: 'combi-drills', body: 89, volts: 18, kits: ['B', 'K2', 'K4', 'K5'], kw: ['combi drill', 'cordless drill', 'drill driver', 'hammer drill'], blurb: 'Compact brushless combi drill, 75 Nm, two-speed gearbox and 13 mm metal chuck.' },
  { code: 'CD12', name: '12V Sub-Compact Combi Drill', category: 'combi-drills', body: 59, volts: 12, kits: ['B', 'K2'], kw: ['combi drill', '12v drill', 'small drill'], blurb: 'Light 12 V combi drill for second-fix, kitchen fitting and tight spaces.' },
  { code: 'ID18', name: '18V Brushless Impact Driver', category: 'impact-drivers', body: 79, volts: 18, kits: ['B', 'K2', 'K4'], drive: 'Hex shank', kw: ['impact driver', 'impact drill', 'driver'], blurb: '180 Nm brushless impact driver with a 1/4" hex chuck, for coach screws and structural timber screws.' },
  { code: 'GR18-115', name: '18V Angle Grinder 115mm', category: 'angle-grinders', body: 79, volts: 18, kits: ['B', 'K4'], kw: ['grinder', 'angle grinder', 'cutting disc'], blurb: 'Cordless 115 mm grinder with paddle switch and electronic brake.' },
  { code: 'GR18-125', name: '18V Angle Grinder 125mm', category: 'angle-grinders', body: 99, volts: 18, kits: ['B', 'K5'], kw: ['grinder', 'angle grinder', '125mm grinder'], blurb: 'Brushless 125 mm grinder with anti-kickback and restart protection.' },
  { code: 'CIRC18-165', name: '18V Circular Saw 165mm', category: 'circular-saws', body: 109, volts: 18, kits: ['B', 'K5'], kw: ['circular saw', 'skill saw', 'circ saw'], blurb: 'Cordless 165 mm circular saw, 55 mm depth of cut, rail compatible.' },
  { code: 'RECIP18', name: '18V Reciprocating Saw', category: 'reciprocating-saws', body: 99, volts: 18, kits: ['B', 'K4'], kw: ['recip saw', 'reciprocating saw', 'sabre saw'], blurb: 'Tool-free blade change and orbital action for demolition and pruning.' },
  { code: 'MT18', name: '18V Oscillating Multi-Tool', category: 'multi-tools', body: 69, volts: 18, kits: ['B', 'K2'], kw: ['multi tool', 'multitool', 'oscillating tool'], blurb: 'Quick-change multi-tool for plunge cuts, sanding and scraping.' },
];

const CORDED: [string, string, string, number, string, readonly string[]][] = [
  ['SDS-800-240', 'SDS-Plus Hammer Drill 800W 240V', 'sds-drills', 99, 'Corded 240 V', ['sds drill', 'corded sds']],
  ['SDS-800-110', 'SDS-Plus Hammer Drill 800W 110V', 'sds-drills', 105, 'Corded 110 V', ['sds drill', '110v sds', 'site drill']],
  ['SDSM-1500-110', 'SDS-Max Combi Hammer 1500W 110V', 'sds-drills', 429, 'Corded 110 V', ['sds max', 'breaker', 'kango']],
  ['GR-230-240', 'Angle Grinder 230mm 2300W 240V', 'angle-grinders', 89, 'Corded 240 V', ['9 inch grinder', 'angle grinder']],
  ['GR-230-110', 'Angle Grinder 230mm 2300W 110V', 'angle-grinders', 95, 'Corded 110 V', ['9 inch grinder', '110v grinder']],
  ['CIRC-190-110', 'Circular Saw 190mm 1400W 110V', 'circular-saws', 119, 'Corded 110 V', ['circular saw', '110v saw']],
];

const BATTERIES: [string, string, number, number, string][] = [
  ['BAT18-20', '18V 2.0Ah Battery', 18, 39.99, '2.0 Ah'], ['BAT18-40', '18V 4.0Ah Battery', 18, 69.99, '4.0 Ah'],
  ['BAT18-50', '18V 5.0Ah Battery', 18, 84.99, '5.0 Ah'], ['BAT18-80', '18V 8.0Ah High Output Battery', 18, 129.99, '8.0 Ah'],
  ['BAT12-20', '12V 2.0Ah Battery', 12, 34.99, '2.0 Ah'], ['BAT36-40', '36V 4.0Ah Battery', 36, 149.99, '4.0 Ah'],
];

function powerTools(): VariantSpec[] {
  const out: VariantSpec[] = [];
  for (const line of CORDLESS) {
    for (const kit of KITS.filter((k) => line.kits.includes(k.code))) {
      out.push({
        sku: `${line.code}-${kit.code}`, name: `${line.name} ${kit.label}`, category: line.category, family: 'power-tools', pack: EACH, stockProfile: 'tool',
        price: retail(line.body + kit.extra * (line.volts === 36 ? 1.6 : 1)),
        attrs: { battery_voltage: measure('battery_voltage', line.volts), battery_capacity: opt('battery_capacity', kit.capacity), ...(line.drive ? { drive: opt('drive', line.drive) } : {}) },
        specs: [['Supplied with', kit.code === 'B' ? 'Tool only, no battery or charger' : `2 batteries, fast charger and case`], ['Warranty', '3 years on registration']],
        keywords: [...line.kw, `${line.volts}v`, kit.code === 'B' ? 'body only' : 'kit', 'cordless', 'power tool'],
        description: `${line.blurb} ${kit.code === 'B' ? 'Body only: batteries and charger sold separately.' : `Supplied with two ${kit.capacity} batteries, a fast charger and a carry case.`}`,
        customOptions: kit.code === 'B' ? ['warranty'] : ['engraving', 'warranty'],
      });
    }
  }
  for (const [sku, name, category, price, capacity, kw] of CORDED) {
    out.push({ sku, name, category, family: 'power-tools', pack: EACH, stockProfile: 'tool', price: retail(price),
      attrs: { battery_capacity: opt('battery_capacity', capacity) },
      keywords: [...kw, 'corded', 'power tool'],
      description: `${name}. Site-rated ${capacity.endsWith('110 V') ? '110 V for use with a transformer' : '240 V'}, 4 m cable.`, customOptions: ['engraving'] });
  }
  for (const [sku, name, volts, price, capacity] of BATTERIES) {
    out.push({ sku, name, category: 'batteries-chargers', family: 'power-tools', pack: EACH, stockProfile: 'tool', price,
      attrs: { battery_voltage: measure('battery_voltage', volts), battery_capacity: opt('battery_capacity', capacity) },
      keywords: ['battery', `${volts}v battery`, 'spare battery'],
      description: `${name} with charge indicator, fits every tool on the ${volts} V platform.` });
  }
  out.push({ sku: 'CHG18-FAST', name: '18V Fast Charger', category: 'batteries-chargers', family: 'power-tools', pack: EACH, stockProfile: 'tool', price: 44.99,
    attrs: { battery_voltage: measure('battery_voltage', 18) },
    keywords: ['charger', 'battery charger'],
    description: 'Fan-cooled fast charger: a 5.0 Ah battery in 60 minutes.' });
  return out;
}

export const POWER_TOOLS: FamilyDef = { key: 'power-tools', weight: 0.05, brands: POWER_TOOL_BRANDS, variants: powerTools };
