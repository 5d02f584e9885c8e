import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { filter, startWith, switchMap } from 'rxjs';
import { useShop } from '../../app/shop/shop-context';
import { storedContent } from '../../db/catalog/catalogue-records';
import { localCatalogChanges } from '../../db/catalog/local-catalog';
import { findTaxRatePercent, type TaxRuleFields } from '../../domain/pricing/tax-rate';
import { currentStore } from '../../i18n/store-views';
import { searchCatalog } from './search-adapter';

/**
 * Prices come from the server excluding tax; tax is worked out here (SPEC §1) from the tax rules,
 * for the store's default country (GB). The rules come from the server, or from the device's replica
 * until the server answers: offline the server read is paused, and a page reloaded offline has only
 * the replica. Undefined until either has them, so no price is ever shown with the wrong tax.
 */
export const taxRulesQuery = () =>
  queryOptions({
    queryKey: ['taxrules'],
    queryFn: () => searchCatalog<TaxRuleFields>({ type: 'taxrule', size: 100 }).then((r) => r.items),
    staleTime: Infinity,
  });

export function useTaxPercent(): ((taxClassId: unknown) => number) | undefined {
  const { data } = useQuery(taxRulesQuery());
  const local = useLocalTaxRules(data === undefined);
  const rules = data ?? local;
  const country = currentStore().tax.defaultCountry;
  if (!rules) return undefined;
  return (taxClassId) => findTaxRatePercent(rules, { productTaxClassId: typeof taxClassId === 'number' ? taxClassId : 2, countryId: country });
}

/** The replicated tax rules while `wanted` and the database is open; none stored is no answer (0 % would be wrong). */
function useLocalTaxRules(wanted: boolean): TaxRuleFields[] | undefined {
  const shop = useShop();
  const [rules, setRules] = useState<TaxRuleFields[]>();
  useEffect(() => {
    if (!shop || !wanted) return;
    // Read again whenever the content changes (the catalogue worker may be the one writing it).
    const subscription = localCatalogChanges()
      .pipe(
        filter((change) => change === 'content'),
        startWith('content'),
        switchMap(() => storedContent(shop.db, 'taxrule')),
      )
      .subscribe((docs) => setRules(docs.length > 0 ? (docs) : undefined));
    return () => subscription.unsubscribe();
  }, [shop, wanted]);
  return wanted ? rules : undefined;
}
