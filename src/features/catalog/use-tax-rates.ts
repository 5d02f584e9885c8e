import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useShop } from '../../app/shop/shop-context';
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
    // The local read's code (rxjs, the storage reads) loads only when it is needed: never on a first
    // screen whose tax rules came from the server, so it is no part of that screen's JavaScript.
    let live = true;
    let subscription: { unsubscribe(): void } | undefined;
    void Promise.all([import('rxjs'), import('../../db/catalog/catalogue-records'), import('../../db/catalog/local-catalog-changes')]).then(
      ([{ filter, startWith, switchMap }, { storedContent }, { localCatalogChanges }]) => {
        if (!live) return;
        // Read again whenever the content changes (the catalogue worker may be the one writing it).
        subscription = localCatalogChanges()
          .pipe(
            filter((change) => change === 'content'),
            startWith('content'),
            switchMap(() => storedContent(shop.db, 'taxrule')),
          )
          .subscribe((docs) => setRules(docs.length > 0 ? docs : undefined));
      },
    );
    return () => {
      live = false;
      subscription?.unsubscribe();
    };
  }, [shop, wanted]);
  return wanted ? rules : undefined;
}
