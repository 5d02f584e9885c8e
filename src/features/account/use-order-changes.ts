import { useEffect, useRef } from 'react';
import { useShop } from '../../db/hooks/shop-context';
import { knownOrderChanges } from '../../db/orders/order-status-signals';

/**
 * Calls `onChange` when the change stream says the status of one of `orderIds` (or of an order placed
 * on this device) changed, or that it reconnected after missing changes. Works in every open tab: the
 * tab holding the stream passes its order signals on to the others.
 */
export function useOrderChanges(orderIds: readonly string[], onChange: () => void): void {
  const shop = useShop();
  const latest = useRef({ orderIds, onChange });
  useEffect(() => {
    latest.current = { orderIds, onChange };
  });
  useEffect(() => {
    if (!shop) return undefined;
    const subscription = knownOrderChanges(shop.db, shop.sync.api, () => latest.current.orderIds).subscribe(() => latest.current.onChange());
    return () => subscription.unsubscribe();
  }, [shop]);
}
