import { useTranslation } from 'react-i18next';
import type { SortKey } from '../../domain/catalog/list-query';

/** The default (Recommended) first, then the others in SPEC §9's order. */
const OPTIONS: { value: SortKey; label: 'sortLatest' | 'sortPriceAsc' | 'sortPriceDesc' | 'sortRecommended' }[] = [
  { value: 'recommended', label: 'sortRecommended' },
  { value: 'latest', label: 'sortLatest' },
  { value: 'price-asc', label: 'sortPriceAsc' },
  { value: 'price-desc', label: 'sortPriceDesc' },
];

/** SPEC §9 sort options; Recommended is the default. */
export function SortSelect({ value, onChange }: { value: SortKey; onChange: (value: SortKey) => void }) {
  const { t } = useTranslation();
  return (
    <label className="sort">
      <span>{t('sortBy')}</span>
      <select value={value} onChange={(e) => onChange(e.target.value as SortKey)}>
        {OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {t(o.label)}
          </option>
        ))}
      </select>
    </label>
  );
}
