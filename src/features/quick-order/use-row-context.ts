import { useMemo, useSyncExternalStore } from 'react';
import { useShopObservable } from '../../app/shop/shop-context';
import { findLocalProductsByCode, localCatalogState, subscribeLocalCatalog, type LocalCatalogState } from '../../db/catalog/local-catalog';
import { useSessionGroupId } from '../account/account-button';
import { useTaxPercent } from '../catalog/use-tax-rates';
import type { RowContext } from './pad-row';

/**
 * What the pad checks its rows against, from the device alone: the local index (re-read as the
 * replica fills), the shopper's customer group, VAT from the tax rules, and the cart's quantities.
 * Null until the tax rules are known (no price is shown with the wrong VAT).
 */
export function useRowContext(): { context: RowContext | null; catalog: LocalCatalogState } {
  const catalog = useSyncExternalStore(subscribeLocalCatalog, localCatalogState, localCatalogState);
  const taxPercent = useTaxPercent();
  const customerGroupId = useSessionGroupId();
  const lines = useShopObservable((shop) => shop.db.cart.find().$, [] as readonly { sku: string; qty: number }[]);
  const inCart = useMemo(() => {
    const bySku = new Map<string, number>();
    for (const line of lines) bySku.set(line.sku, (bySku.get(line.sku) ?? 0) + line.qty);
    return (sku: string) => bySku.get(sku) ?? 0;
  }, [lines]);
  const context = taxPercent ? { lookup: findLocalProductsByCode, customerGroupId, now: new Date(), taxPercent, inCart } : null;
  return { context, catalog };
}
