import { recordsOf, textOf, type Doc } from './doc-fields';
import type { ConfigurableItemOption } from './configurable-choice';

/**
 * A cart line's `product_option` (SPEC §3) from what the shopper chose on the product page, and back
 * again for cart edit mode. Only non-empty lists are written, so a product without options gets `{}`
 * and the line checksum follows the choice alone.
 */
export interface OptionChoices {
  configurable?: readonly ConfigurableItemOption[];
  /** Bundle option_id → chosen link ids; an option left out uses its default (or first) link. */
  bundle?: Readonly<Record<string, readonly string[]>>;
  /** Custom option_id → value (a text, or an option_type_id for a drop-down). */
  custom?: Readonly<Record<string, string>>;
}

export interface BundleOptionChoice {
  option_id: string;
  option_selections: string[];
}

export interface CustomOptionChoice {
  option_id: string;
  option_value: string;
}

export function buildProductOption(choices: OptionChoices): Record<string, unknown> {
  const ext: Record<string, unknown> = {};
  const configurable = choices.configurable ?? [];
  if (configurable.length > 0) ext.configurable_item_options = configurable.map((o) => ({ option_id: o.option_id, option_value: o.option_value }));
  const bundle: BundleOptionChoice[] = Object.entries(choices.bundle ?? {})
    .filter(([, ids]) => ids.length > 0)
    .sort(([a], [b]) => Number(a) - Number(b) || a.localeCompare(b))
    .map(([option_id, ids]) => ({ option_id, option_selections: [...ids].sort() }));
  if (bundle.length > 0) ext.bundle_options = bundle;
  const custom: CustomOptionChoice[] = Object.entries(choices.custom ?? {})
    .filter(([, value]) => value.trim() !== '')
    .sort(([a], [b]) => Number(a) - Number(b) || a.localeCompare(b))
    .map(([option_id, value]) => ({ option_id, option_value: value.trim() }));
  if (custom.length > 0) ext.custom_options = custom;
  return Object.keys(ext).length > 0 ? { extension_attributes: ext } : {};
}

/** The choices stored in a line's `product_option`, to preselect them on the product page (edit mode). */
export function choicesFromProductOption(productOption: unknown): { configurable: ConfigurableItemOption[]; bundle: Record<string, string[]>; custom: Record<string, string> } {
  const option = productOption && typeof productOption === 'object' ? (productOption as Doc) : {};
  const ext = option.extension_attributes && typeof option.extension_attributes === 'object' ? (option.extension_attributes as Doc) : {};
  const bundle: Record<string, string[]> = {};
  for (const o of recordsOf(ext.bundle_options)) {
    bundle[textOf(o.option_id)] = Array.isArray(o.option_selections) ? o.option_selections.map((s) => textOf(s)).filter((s) => s !== '') : [];
  }
  const custom: Record<string, string> = {};
  for (const o of recordsOf(ext.custom_options)) custom[textOf(o.option_id)] = textOf(o.option_value);
  const configurable = recordsOf(ext.configurable_item_options).map((o) => ({ option_id: textOf(o.option_id), option_value: textOf(o.option_value) }));
  return { configurable, bundle, custom };
}

/** The links an untouched bundle option counts: its default link, else its first (SPEC §4). */
export function defaultSelection(option: Doc): string[] {
  const links = recordsOf(option.product_links);
  const pick = links.find((l) => l.is_default === true) ?? links[0];
  return pick ? [textOf(pick.id)] : [];
}

/**
 * Whether every required option has an answer (SPEC §5: "Please configure product bundle/custom
 * options and fix the validation errors."): a required bundle option needs a link (its chosen ones,
 * else its default), a required custom option a value.
 */
export function requiredOptionsAnswered(product: Doc, choices: OptionChoices): boolean {
  for (const option of recordsOf(product.bundle_options)) {
    if (option.required !== true) continue;
    const chosen = choices.bundle?.[textOf(option.option_id)];
    if ((chosen ?? defaultSelection(option)).length === 0) return false;
  }
  for (const option of recordsOf(product.custom_options)) {
    if (option.is_require !== true) continue;
    if ((choices.custom?.[textOf(option.option_id)] ?? '').trim() === '') return false;
  }
  return true;
}

/**
 * Every bundle option with the links it counts (chosen, else default), so the same bundle chosen by
 * clicking or left at its defaults is the same cart line.
 */
export function effectiveBundleChoice(product: Doc, chosen: Readonly<Record<string, readonly string[]>>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const option of recordsOf(product.bundle_options)) {
    const id = textOf(option.option_id);
    out[id] = [...(chosen[id] ?? defaultSelection(option))];
  }
  return out;
}
