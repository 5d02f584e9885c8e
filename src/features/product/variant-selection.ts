import { unitPricesPence } from '../../domain/pricing/final-price';

/**
 * Variant selection (SPEC §4): the child that best matches the chosen options wins; out-of-stock
 * children are skipped unless listing them is allowed, children with status 2 or higher always are;
 * a tie goes to the lower price; with nothing matching, the first available child where allowed,
 * otherwise "No available product variants". A best match that misses a chosen option is reported
 * as "No such configuration for the product" (a warning: the best match is still shown).
 */
export type Doc = Record<string, unknown>;
export type Chosen = Readonly<Record<string, string>>;

export const NO_VARIANTS = 'No available product variants';
export const NO_CONFIGURATION = 'No such configuration for the product';

export interface VariantRules {
  allowOutOfStock?: boolean;
  fallbackToFirst?: boolean;
  now?: Date;
}

export interface VariantChoice {
  child?: Doc;
  exact: boolean;
  error?: typeof NO_VARIANTS;
}

export const childrenOf = (parent: Doc): Doc[] => (Array.isArray(parent.configurable_children) ? (parent.configurable_children as Doc[]) : []);

export function axesOf(parent: Doc): { code: string; label: string; values: { value: string; label: string }[] }[] {
  const options = Array.isArray(parent.configurable_options) ? (parent.configurable_options as Doc[]) : [];
  return options.map((o) => ({
    code: String(o.attribute_code),
    label: String(o.label ?? o.attribute_code),
    values: (Array.isArray(o.values) ? (o.values as Doc[]) : []).map((v) => ({ value: String(v.value_index), label: String(v.label ?? v.value_index) })),
  }));
}

/** A child's value on an axis: the field named by the code, else its custom_attributes entry. */
export function childValue(child: Doc, code: string): string | undefined {
  const direct = child[code];
  if (typeof direct === 'string' || typeof direct === 'number') return String(direct);
  const attrs = Array.isArray(child.custom_attributes) ? (child.custom_attributes as Doc[]) : [];
  const entry = attrs.find((a) => a.attribute_code === code);
  return entry ? String(entry.value) : undefined;
}

export function isAvailable(child: Doc, rules: VariantRules = {}): boolean {
  if (typeof child.status === 'number' && child.status >= 2) return false;
  const stock = child.stock as { is_in_stock?: boolean } | undefined;
  return rules.allowOutOfStock === true || stock?.is_in_stock !== false;
}

const priceOf = (child: Doc, now: Date) => unitPricesPence(child, { now }).final;

export function selectVariant(parent: Doc, chosen: Chosen, rules: VariantRules = {}): VariantChoice {
  const now = rules.now ?? new Date();
  const available = childrenOf(parent).filter((c) => isAvailable(c, rules));
  if (available.length === 0) return { exact: false, error: NO_VARIANTS };
  const wanted = Object.entries(chosen);
  let best: Doc | undefined;
  let bestScore = -1;
  for (const child of available) {
    const score = wanted.filter(([code, value]) => childValue(child, code) === value).length;
    if (score > bestScore || (score === bestScore && best !== undefined && priceOf(child, now) < priceOf(best, now))) {
      best = child;
      bestScore = score;
    }
  }
  if (bestScore <= 0 && wanted.length > 0) {
    return rules.fallbackToFirst === false ? { exact: false, error: NO_VARIANTS } : { child: available[0], exact: false };
  }
  return { child: best, exact: bestScore === wanted.length };
}

/** The options a child stands for, to show it as chosen. */
export function optionsOf(parent: Doc, child: Doc): Record<string, string> {
  const out: Record<string, string> = {};
  for (const axis of axesOf(parent)) {
    const value = childValue(child, axis.code);
    if (value !== undefined) out[axis.code] = value;
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
  error?: typeof NO_VARIANTS;
}

/**
 * The shopper picks `value` on `code`. The full combination wins when a child has it; otherwise the
 * clicked value is honoured and the best child carrying it is chosen (the cheaper on a tie), so
 * clicking M10 shows an M10. When no available child has the value at all, "No such configuration
 * for the product" and the choice stays as it was.
 */
export function chooseOption(parent: Doc, chosen: Chosen, code: string, value: string, rules: VariantRules = {}): OptionChange {
  const full = selectVariant(parent, { ...chosen, [code]: value }, rules);
  if (full.error) return { chosen: { ...chosen }, error: full.error };
  if (full.exact && full.child) return { chosen: { ...chosen, [code]: value }, child: full.child };
  const single = selectVariant(parent, { [code]: value }, rules);
  if (single.exact && single.child) return { chosen: optionsOf(parent, single.child), child: single.child };
  const current = selectVariant(parent, chosen, rules);
  return { chosen: { ...chosen }, ...(current.child ? { child: current.child } : {}), warning: NO_CONFIGURATION };
}
