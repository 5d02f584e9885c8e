import { CART_MESSAGES } from '../cart/cart-messages';
import { childrenOf } from '../cart/configurable-choice';
import { recordsOf, textOf, type Doc } from '../cart/doc-fields';
import { unitPricesPence } from '../pricing/final-price';
import { readAmount } from '../pricing/money';

/** SPEC §5 gives no wording for this rule; the message names what is missing. */
export const VARIANT_MESSAGES = {
  noVariants: CART_MESSAGES.noVariants,
  parentSkuRequired: 'A variant lookup requires the product parentSku',
} as const;

export interface VariantRules {
  /** List out-of-stock children too (the shop lists out-of-stock products, SPEC §9). */
  listOutOfStock?: boolean;
  /** Fall back to the first available child when nothing matches the chosen options. */
  fallbackToFirst?: boolean;
  now?: Date;
  customerGroupId?: number;
}

export type VariantChoice = { child: Doc; is_configured: true; matched: number } | { child: null; is_configured: false; errors: { variants: string } };

/** A chosen value per attribute code, e.g. {bolt_diameter: '12', finish: '3'}. */
export type ChosenOptions = Readonly<Record<string, string | number>>;

/** A child's value on an axis: the field named by the code, else its custom_attributes entry ('' when it has none). */
export function childValue(child: Doc, code: string): string {
  const direct = textOf(child[code]);
  if (direct !== '') return direct;
  return textOf(recordsOf(child.custom_attributes).find((c) => c.attribute_code === code)?.value);
}

function inStock(child: Doc): boolean {
  const stock = child.stock as { is_in_stock?: unknown } | undefined;
  return stock?.is_in_stock !== false;
}

/**
 * The variant of a configurable product for the chosen options (SPEC §4): children with status 2 or
 * higher are skipped, out-of-stock ones too unless listing them is allowed; the child matching the
 * most chosen options wins, a tie goes to the lower price. When no child matches any option it falls
 * back to the first available child where allowed; otherwise errors.variants is set.
 */
/** Children that can be chosen: status below 2, and in stock unless listing out-of-stock ones is allowed. */
export function isAvailable(child: Doc, rules: Pick<VariantRules, 'listOutOfStock'> = {}): boolean {
  return (readAmount(child.status) ?? 1) < 2 && (rules.listOutOfStock === true || inStock(child));
}

export function selectVariant(product: Doc, chosen: ChosenOptions, rules: VariantRules = {}): VariantChoice {
  const now = rules.now ?? new Date();
  const available = childrenOf(product).filter((c) => isAvailable(c, rules));
  const wanted = Object.entries(chosen).map(([code, value]) => [code, String(value)] as const);
  const price = (c: Doc) => unitPricesPence(c, { now, customerGroupId: rules.customerGroupId ?? 0 }).final;
  let best: { child: Doc; matched: number; price: number } | null = null;
  for (const child of available) {
    const matched = wanted.filter(([code, value]) => childValue(child, code) === value).length;
    if (matched === 0 && wanted.length > 0) continue;
    const candidate = { child, matched, price: price(child) };
    if (!best || matched > best.matched || (matched === best.matched && candidate.price < best.price)) best = candidate;
  }
  if (best) return { child: best.child, is_configured: true, matched: best.matched };
  const first = available[0];
  if (rules.fallbackToFirst && first) return { child: first, is_configured: true, matched: 0 };
  return { child: null, is_configured: false, errors: { variants: VARIANT_MESSAGES.noVariants } };
}

/** SPEC §5: a variant lookup requires the product's parentSku (the configurable it belongs to). */
export function requireParentSku(product: { parentSku?: unknown }): { ok: true; parentSku: string } | { ok: false; message: string } {
  const parentSku = textOf(product.parentSku);
  return parentSku ? { ok: true, parentSku } : { ok: false, message: VARIANT_MESSAGES.parentSkuRequired };
}
