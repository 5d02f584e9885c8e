import { useMemo, useState } from 'react';
import { notify } from '../notifications/notification-store';
import { chooseOption, optionsOf, selectVariant, type Chosen, type Doc } from './variant-selection';

/**
 * The chosen options of a configurable product and the child they select. Starts from the child in
 * the route (or the best available child); each choice follows `chooseOption`.
 */
export function useVariant(product: Doc, routeChildSku: string | undefined, onChild: (sku: string) => void) {
  const initial = useMemo(() => {
    if (product.type_id !== 'configurable') return {};
    const children = Array.isArray(product.configurable_children) ? (product.configurable_children as Doc[]) : [];
    const fromRoute = children.find((c) => c.sku === routeChildSku);
    const start = fromRoute ?? selectVariant(product, {}).child;
    return start ? optionsOf(product, start) : {};
  }, [product, routeChildSku]);
  const [chosen, setChosen] = useState<Chosen>(initial);
  const choice = useMemo(() => (product.type_id === 'configurable' ? selectVariant(product, chosen) : undefined), [product, chosen]);

  const choose = (code: string, value: string) => {
    const change = chooseOption(product, chosen, code, value);
    if (change.error) return notify({ type: 'error', message: change.error });
    if (change.warning) notify({ type: 'warning', message: change.warning });
    setChosen(change.chosen);
    if (change.child) onChild(String(change.child.sku));
  };
  return { chosen, child: choice?.child, error: choice?.error, choose };
}
