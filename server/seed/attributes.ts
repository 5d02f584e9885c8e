import type { Attribute } from '../../schemas/catalog/attribute';
import { ATTRIBUTE_DEFS, type AttributeDef } from './attribute-defs';

/** Attribute codes that are shown as facets on category pages (SPEC §9: the fixing dimensions). */
const FILTERABLE = new Set([
  'bolt_diameter', 'anchor_length', 'drill_hole_diameter', 'max_fixture_thickness', 'embedment_depth', 'screw_diameter',
  'material', 'finish', 'head_type', 'drive', 'colour', 'thickness', 'pack_quantity', 'characteristic_load_kn',
  'approval', 'battery_voltage', 'battery_capacity', 'size', 'new',
]);

const defs = new Map<string, AttributeDef>(ATTRIBUTE_DEFS.map((d) => [d.code, d]));
const listValues = new Map<string, Map<string, string>>();
for (const d of ATTRIBUTE_DEFS) {
  if (d.kind === 'list') listValues.set(d.code, new Map(d.labels.map((label, i) => [label, String(d.base + i)])));
}

export function attributeDef(code: string): AttributeDef {
  const def = defs.get(code);
  if (!def) throw new Error(`Unknown attribute "${code}"`);
  return def;
}

/** The option value of a listed label (`opt('finish', 'Bright zinc plated')` → "130"). Throws on typos. */
export function opt(code: string, label: string): string {
  const value = listValues.get(code)?.get(label);
  if (value === undefined) throw new Error(`Attribute "${code}" has no option "${label}"`);
  return value;
}

/** The option value of a numeric label in a listed attribute (`optNumber('drill_hole_diameter', 5.5)`). */
export function optNumber(code: string, n: number): string {
  const def = attributeDef(code);
  if (def.kind !== 'list') throw new Error(`Attribute "${code}" stores the measure itself`);
  return opt(code, def.labels.find((l) => parseFloat(l) === n) ?? `${n} (missing)`);
}

/** The listed value closest to n, for loads and thicknesses that come out of a formula. */
export function optNearest(code: string, n: number): string {
  const def = attributeDef(code);
  if (def.kind !== 'list') throw new Error(`Attribute "${code}" stores the measure itself`);
  let best = def.labels[0] ?? '';
  for (const label of def.labels) if (Math.abs(parseFloat(label) - n) < Math.abs(parseFloat(best) - n)) best = label;
  return opt(code, best);
}

/** The value of a whole-number measure ("12" for M12). */
export function measure(code: string, n: number): string {
  if (attributeDef(code).kind !== 'measure' || !Number.isInteger(n) || n <= 0) throw new Error(`Bad measure ${code}=${n}`);
  return String(n);
}

export const isMeasure = (code: string): boolean => defs.get(code)?.kind === 'measure';

/** Label of a stored option value, for names and specification tables. */
export function optionLabel(code: string, value: string): string {
  const def = attributeDef(code);
  if (def.kind === 'measure') return def.format(Number(value));
  const index = Number(value) - def.base;
  const label = def.labels[index];
  if (label === undefined) throw new Error(`Attribute "${code}" has no value "${value}"`);
  return label;
}

/** Collects the measures products use, so measure attributes list exactly the sizes on sale. */
export class MeasureCollector {
  private readonly seen = new Map<string, Set<number>>();
  add(code: string, value: string): void {
    if (!isMeasure(code)) return;
    let set = this.seen.get(code);
    if (!set) this.seen.set(code, (set = new Set()));
    set.add(Number(value));
  }
  values(code: string): number[] {
    return [...(this.seen.get(code) ?? [])].sort((a, b) => a - b);
  }
}

export function buildAttributes(measures: MeasureCollector): Attribute[] {
  return ATTRIBUTE_DEFS.map((d, position) => ({
    attribute_id: d.id,
    attribute_code: d.code,
    frontend_label: d.label,
    frontend_input: d.code === 'new' ? 'boolean' : 'select',
    options: d.kind === 'list'
      ? d.labels.map((label, i) => ({ label, value: String(d.base + i) }))
      : measures.values(d.code).map((n) => ({ label: d.format(n), value: String(n) })),
    is_user_defined: true,
    is_visible: true,
    is_comparable: d.comparable,
    is_filterable: FILTERABLE.has(d.code),
    position,
  }));
}
