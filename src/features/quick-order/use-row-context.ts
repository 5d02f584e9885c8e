import { useMemo, useSyncExternalStore } from 'react';
import { useShopObservable } from '../../db/hooks/shop-context';
import { useCartQuantities } from '../../db/hooks/shop-reads';
import { localCatalogState, subscribeLocalCatalog, type LocalCatalogState } from '../../db/catalog/local-catalog';
import { watchCatalogVersion } from '../../db/quick-order/catalog-changes';
import { useSessionGroupId } from '../account/account-button';
import { useTaxPercent } from '../catalog/use-tax-rates';
import { useCodeLookup } from './use-code-lookup';
import type { RowContext } from './pad-row';

/** The tax classes of this shop's products (standard and zero-rated): what a change of the VAT rules would show in. */
const TAX_CLASSES = [2, 5];

/**
 * What the pad checks its rows against, from the device alone: the local index, the shopper's customer
 * group, VAT from the tax rules, and the cart's quantities. The same object until one of them
 * changes (the catalogue included), so rows that did not change are not checked or drawn again. Null
 * until the tax rules are known (no price is shown with the wrong VAT).
 */
export function useRowContext(codes: readonly string[]): { context: RowContext | null; catalog: LocalCatalogState } {
  const catalog = useSyncExternalStore(subscribeLocalCatalog, localCatalogState, localCatalogState);
  const catalogVersion = useShopObservable(() => watchCatalogVersion(), 0);
  // Asked again when the catalogue changes or registers (a reload offline: the pad may come before it).
  const answers = useCodeLookup(codes, `${catalogVersion} ${catalog.registered} ${catalog.products} ${catalog.replicated}`);
  const taxPercent = useTaxPercent();
  const customerGroupId = useSessionGroupId();
  const lines = useCartQuantities();
  const taxKey = taxPercent ? TAX_CLASSES.map((c) => taxPercent(c)).join('/') : null;
  const context = useMemo(() => {
    if (!taxPercent) return null;
    const bySku = new Map<string, number>();
    for (const line of lines) bySku.set(line.sku, (bySku.get(line.sku) ?? 0) + line.qty);
    return { lookup: answers.lookup, pending: answers.pending, customerGroupId, now: new Date(), taxPercent, inCart: (sku: string) => bySku.get(sku) ?? 0 };
    // `taxPercent` is a new function each render over the same rules: `taxKey` says when what it answers changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [taxKey, customerGroupId, lines, catalog, answers]);
  return { context, catalog };
}
