import { useTranslation } from 'react-i18next';
import { CURRENCY_SIGN } from '../../i18n/money';
import { useHydrated } from '../../ui/use-hydrated';
import type { CatalogResult } from './catalog-api';
import { formatPrice } from '../../domain/catalog/filter-url';
import type { ListFilters } from '../../domain/catalog/list-query';
import { bucketLabel } from './price-buckets';
import { attributeText, type AttributeMeta } from './use-attributes';

interface Props {
  aggregations: CatalogResult['aggregations'];
  attributes: Map<string, AttributeMeta> | undefined;
  facets: readonly string[];
  filters: ListFilters;
  onToggle: (code: string, value: string) => void;
  onPrice: (value: string | undefined) => void;
  onClear: () => void;
}

const collator = new Intl.Collator('en-GB', { numeric: true, sensitivity: 'base' });

/** Options in the order a reader expects (M6, M8, M10, M12), not by how many products each has. */
function naturalOrder<T>(options: readonly T[], text: (option: T) => string): T[] {
  return [...options].sort((a, b) => collator.compare(text(a), text(b)));
}

/** Filters from the aggregations: the price buckets, then each attribute's options with their counts. */
export function FilterPanel({ aggregations, attributes, facets, filters, onToggle, onPrice, onClear }: Props) {
  const { t } = useTranslation();
  // Server-rendered boxes wait for the app: a tick before it starts would be lost.
  const waiting = !useHydrated();
  const buckets = aggregations.agg_range_price?.buckets ?? [];
  const chosenPrice = filters.price ? formatPrice(filters.price) : undefined;
  return (
    <div className="filters">
      <fieldset className="filter">
        {/* The buckets count prices incl. VAT, the price each tile leads with. */}
        <legend>
          {t('price')} ({t('inclVat')})
        </legend>
        {buckets.map((b, i) => {
          const value = formatPrice({ from: b.from ?? 0, ...(b.to !== undefined ? { to: b.to } : {}) });
          return (
            <label key={value} className="choice">
              <input type="checkbox" checked={chosenPrice === value} disabled={waiting || (b.doc_count === 0 && chosenPrice !== value)} onChange={() => onPrice(chosenPrice === value ? undefined : value)} />
              {bucketLabel(b, i, buckets.length, CURRENCY_SIGN)} <span className="count">({b.doc_count})</span>
            </label>
          );
        })}
      </fieldset>
      {facets.map((code) => {
        const meta = attributes?.get(code);
        const options = naturalOrder(aggregations[`agg_terms_${code}`]?.buckets ?? [], (o) => attributeText(meta, o.key));
        const chosen = filters.attributes[code] ?? [];
        if (options.length === 0 && chosen.length === 0) return null;
        return (
          <fieldset key={code} className="filter">
            <legend>{meta?.label ?? code}</legend>
            {options.map((o) => (
              <label key={String(o.key)} className="choice">
                <input type="checkbox" disabled={waiting} checked={chosen.includes(String(o.key))} onChange={() => onToggle(code, String(o.key))} />
                {attributeText(meta, o.key)} <span className="count">({o.doc_count})</span>
              </label>
            ))}
          </fieldset>
        );
      })}
      <button type="button" className="button button-secondary" onClick={onClear}>
        {t('clearFilters')}
      </button>
    </div>
  );
}
