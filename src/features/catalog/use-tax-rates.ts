import { useQuery } from '@tanstack/react-query';
import { findTaxRatePercent, type TaxRuleFields } from '../../domain/pricing/tax-rate';
import { currentStore } from '../../i18n/store-views';
import { searchCatalog } from './catalog-api';

/**
 * Prices come from the server excluding tax; tax is worked out here (SPEC §1) from the tax rules,
 * for the store's default country (GB). Undefined until the rules arrive, so no price is ever shown
 * with the wrong tax.
 */
export function useTaxPercent(): ((taxClassId: unknown) => number) | undefined {
  const { data } = useQuery({
    queryKey: ['taxrules'],
    queryFn: () => searchCatalog<TaxRuleFields>({ type: 'taxrule', size: 100 }).then((r) => r.items),
    staleTime: Infinity,
  });
  const country = currentStore().tax.defaultCountry;
  if (!data) return undefined;
  return (taxClassId) => findTaxRatePercent(data, { productTaxClassId: typeof taxClassId === 'number' ? taxClassId : 2, countryId: country });
}
