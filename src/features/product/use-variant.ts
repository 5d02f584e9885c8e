import { useMemo, useState } from 'react';
import type { Doc } from '../../domain/cart/doc-fields';
import { chooseOption, optionsOf, type Chosen } from '../../domain/variants/variant-options';
import { selectVariant } from '../../domain/variants/variant-selection';
import { notify } from '../notifications/notification-store';

/** The product page shows the first available child when nothing matches the chosen options (SPEC §4). */
const PAGE_RULES = { fallbackToFirst: true } as const;

/**
 * The chosen options of a configurable product and the child they select. Starts from the child in
 * the route (or the best available child); each choice follows `chooseOption`.
 */
export function useVariant(product: Doc, routeChildSku: string | undefined, onChild: (sku: string) => void) {
  const initial = useMemo(() => {
    if (product.type_id !== 'configurable') return {};
    const children = Array.isArray(product.configurable_children) ? (product.configurable_children as Doc[]) : [];
    const fromRoute = children.find((c) => c.sku === routeChildSku);
    const start = fromRoute ?? selectVariant(product, {}, PAGE_RULES).child;
    return start ? optionsOf(product, start) : {};
  }, [product, routeChildSku]);
  const [chosen, setChosen] = useState<Chosen>(initial);
  const choice = useMemo(() => (product.type_id === 'configurable' ? selectVariant(product, chosen, PAGE_RULES) : undefined), [product, chosen]);

  const choose = (code: string, value: string) => {
    const change = chooseOption(product, chosen, code, value, PAGE_RULES);
    if (change.error) return notify({ type: 'error', message: change.error });
    if (change.warning) notify({ type: 'warning', message: change.warning });
    setChosen(change.chosen);
    if (change.child) onChild(String(change.child.sku));
  };
  return { chosen, child: choice?.child ?? undefined, error: choice && !choice.is_configured ? choice.errors.variants : undefined, choose };
}
