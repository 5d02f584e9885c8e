import { useEffect, useState } from 'react';
import type { CartLine } from '../../../schemas/rx/cart.schema';
import { checkoutTotals, type CheckoutTotals } from '../../db/orders/checkout-totals';
import type { ShopDatabase } from '../../db/database-types';
import { useCartState } from '../../db/hooks/use-live';
import { useOnline } from '../../ui/use-online';

/** The order summary's totals for the destination country: the server's when synced, else the client's. */
export function useCheckoutTotals(db: ShopDatabase, lines: readonly CartLine[], countryId: string): CheckoutTotals | null {
  const cartState = useCartState();
  const online = useOnline();
  const [totals, setTotals] = useState<CheckoutTotals | null>(null);
  useEffect(() => {
    let live = true;
    void checkoutTotals(db, lines, cartState, countryId, online).then((t) => live && setTotals(t));
    return () => {
      live = false;
    };
  }, [db, lines, cartState, countryId, online]);
  return totals;
}
