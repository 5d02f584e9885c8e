import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useShop } from '../../db/hooks/shop-context';
import { DEFAULT_PRODUCT_TAX_CLASS, findTaxRatePercent, type TaxRuleFields } from '../../domain/pricing/tax-rate';
import type * as Rx from 'rxjs';
import type * as CatalogueRecords from '../../db/catalog/catalog-records';
import type * as LocalCatalogChanges from '../../db/catalog/local-catalog-changes';
import type { ShopDatabase } from '../../db/database-types';
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
  return (taxClassId) => findTaxRatePercent(rules, { productTaxClassId: typeof taxClassId === 'number' ? taxClassId : DEFAULT_PRODUCT_TAX_CLASS, countryId: country });
}

/** The code of the stored-rules read: rxjs, the storage reads and the catalogue's change stream. */
type StoredRulesCode = [typeof Rx, typeof CatalogueRecords, typeof LocalCatalogChanges];
const loadStoredRulesCode = (): Promise<StoredRulesCode> =>
  Promise.all([import('rxjs'), import('../../db/catalog/catalog-records'), import('../../db/catalog/local-catalog-changes')]);

/**
 * The tax rules stored on the device, read now and again whenever the content changes (the catalogue
 * worker may be the one writing it): `onRules` gets them, or undefined when none are stored. Returns
 * the function that stops watching. The read's code loads with the first call, never on a first
 * screen whose tax rules came from the server. When it fails to load (a chunk lost to a new deploy or
 * a dropped connection) nothing is given, so the page keeps what it has (the server's rules, or
 * prices held back), and the next call loads it again.
 */
export function watchStoredTaxRules(db: ShopDatabase, onRules: (rules: TaxRuleFields[] | undefined) => void, load: () => Promise<StoredRulesCode> = loadStoredRulesCode): () => void {
  let live = true;
  let subscription: { unsubscribe(): void } | undefined;
  load().then(
    ([{ filter, startWith, switchMap }, { storedContent }, { localCatalogChanges }]) => {
      if (!live) return;
      subscription = localCatalogChanges()
        .pipe(
          filter((change) => change === 'content'),
          startWith('content'),
          switchMap(() => storedContent(db, 'taxrule')),
        )
        .subscribe((docs) => onRules(docs.length > 0 ? docs : undefined));
    },
    (error: unknown) => {
      if (live) console.warn('The stored tax rules could not be read; they are tried again on their next use', error);
    },
  );
  return () => {
    live = false;
    subscription?.unsubscribe();
  };
}

/** The replicated tax rules while `wanted` and the database is open; none stored is no answer (0 % would be wrong). */
function useLocalTaxRules(wanted: boolean): TaxRuleFields[] | undefined {
  const shop = useShop();
  const [rules, setRules] = useState<TaxRuleFields[]>();
  useEffect(() => {
    if (!shop || !wanted) return;
    return watchStoredTaxRules(shop.db, setRules);
  }, [shop, wanted]);
  return wanted ? rules : undefined;
}
