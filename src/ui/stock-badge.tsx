import { useTranslation } from 'react-i18next';

interface Props {
  inStock: boolean;
  leadTimeDays?: number | undefined;
}

/** "In stock!" / "Out of the stock!" (SPEC §8) with the lead time in days when there is one. */
export function StockBadge({ inStock, leadTimeDays }: Props) {
  const { t } = useTranslation();
  return (
    <p className="stock">
      <span className={inStock ? 'badge badge-ok' : 'badge badge-out'}>{inStock ? t('inStock') : t('outOfStock')}</span>
      {leadTimeDays !== undefined && (
        <span className="badge badge-lead">{leadTimeDays > 0 ? t('leadTime', { count: leadTimeDays }) : t('leadTimeNow')}</span>
      )}
    </p>
  );
}
