import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { scan } from 'rxjs';
import { localCatalogChanges } from '../../db/catalog/local-catalog-changes';
import type { CartLine } from '../../../schemas/rx/cart.schema';
import { checkoutTotals, type CheckoutTotals } from '../../db/orders/checkout-totals';
import type { ShopDatabase } from '../../db/database-types';
import { useCartState, useObservableValue } from '../../db/hooks/use-live';
import { taxRulesQuery } from '../catalog/use-tax-rates';
import { useOnline } from '../../ui/use-online';

/** The order summary's totals for the destination country: the server's when synced, else the client's. */
export function useCheckoutTotals(db: ShopDatabase, lines: readonly CartLine[], countryId: string): CheckoutTotals | null {
  const cartState = useCartState();
  const online = useOnline();
  const serverRules = useQuery(taxRulesQuery()).data;
  // Worked out again when the device's catalogue changes (tax rules and products may arrive after the page opened).
  const catalogue = useObservableValue(() => localCatalogChanges().pipe(scan((n) => n + 1, 0)), 0, []);
  const [totals, setTotals] = useState<CheckoutTotals | null>(null);
  useEffect(() => {
    let live = true;
    void checkoutTotals(db, lines, cartState, countryId, online, serverRules).then((t) => live && setTotals(t));
    return () => {
      live = false;
    };
  }, [db, lines, cartState, countryId, online, serverRules, catalogue]);
  return totals;
}
