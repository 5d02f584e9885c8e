import { childrenOf } from '../cart/configurable-choice';
import { recordsOf, textOf, type Doc } from '../cart/doc-fields';
import { childValue, isAvailable, selectVariant, type VariantRules } from './variant-selection';

/** SPEC §4: the warning when a clicked option value leads to no available child. */
export const NO_CONFIGURATION = 'No such configuration for the product';

export type Chosen = Readonly<Record<string, string>>;

export interface VariantAxis {
  code: string;
  label: string;
  values: { value: string; label: string }[];
}

/** The configurable options of a parent, in its order: the axes a shopper picks along. */
export function axesOf(parent: Doc): VariantAxis[] {
  return recordsOf(parent.configurable_options).map((o) => ({
    code: textOf(o.attribute_code),
    label: textOf(o.label) || textOf(o.attribute_code),
    values: recordsOf(o.values).map((v) => ({ value: textOf(v.value_index), label: textOf(v.label) || textOf(v.value_index) })),
  }));
}

/** The options a child stands for, to show it as chosen. */
export function optionsOf(parent: Doc, child: Doc): Record<string, string> {
  const out: Record<string, string> = {};
  for (const axis of axesOf(parent)) {
    const value = childValue(child, axis.code);
    if (value !== '') out[axis.code] = value;
  }
  return out;
}

/**
 * Whether `value` on `code` leads to an available child, given the choices on the axes before it
 * (the first axis is checked alone), so M10 reads available although M10 x 75 mm does not exist.
 */
export function valueAvailable(parent: Doc, chosen: Chosen, code: string, value: string, rules: VariantRules = {}): boolean {
  const order = axesOf(parent).map((a) => a.code);
  const earlier = order.slice(0, Math.max(0, order.indexOf(code)));
  const wanted: [string, string][] = [...earlier.filter((c) => chosen[c] !== undefined).map((c): [string, string] => [c, chosen[c]!]), [code, value]];
  return childrenOf(parent).some((c) => isAvailable(c, rules) && wanted.every(([k, v]) => childValue(c, k) === v));
}

export interface OptionChange {
  chosen: Record<string, string>;
  child?: Doc;
  warning?: typeof NO_CONFIGURATION;
  error?: string;
}

/** The best child for the choice, and whether it carries every chosen value. */
function exactChild(parent: Doc, chosen: Chosen, rules: VariantRules): Doc | undefined {
  const choice = selectVariant(parent, chosen, rules);
  return choice.is_configured && choice.matched === Object.keys(chosen).length ? choice.child : undefined;
}

/**
 * The shopper picks `value` on `code`. The full combination wins when a child has it; otherwise the
 * clicked value is honoured and the best child carrying it is chosen (the cheaper on a tie), so
 * clicking M10 shows an M10. When no available child has the value at all, "No such configuration
 * for the product" and the choice stays as it was.
 */
export function chooseOption(parent: Doc, chosen: Chosen, code: string, value: string, rules: VariantRules = {}): OptionChange {
  const current = selectVariant(parent, chosen, { fallbackToFirst: true, ...rules });
  if (!current.is_configured) return { chosen: { ...chosen }, error: current.errors.variants };
  const full = exactChild(parent, { ...chosen, [code]: value }, rules);
  if (full) return { chosen: { ...chosen, [code]: value }, child: full };
  const single = exactChild(parent, { [code]: value }, rules);
  if (single) return { chosen: optionsOf(parent, single), child: single };
  return { chosen: { ...chosen }, child: current.child, warning: NO_CONFIGURATION };
}
