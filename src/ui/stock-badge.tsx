import { useTranslation } from 'react-i18next';
import type { StockDisplay } from '../domain/stock/stock-display';

interface Props {
  stock: StockDisplay;
  leadTimeDays?: number | undefined;
  /** Id of the badge's text, so a disabled "Add to cart" can name it as its reason. */
  id?: string | undefined;
}

/**
 * "In stock!" / "Out of the stock!" (SPEC §8), how many are left when few are, and the lead time in
 * days when there is one: never for a product out of stock, whose dispatch nobody can promise.
 */
export function StockBadge({ stock, leadTimeDays, id }: Props) {
  const { t } = useTranslation();
  const label = stock.kind === 'out' ? t('outOfStock') : stock.kind === 'low' ? t('stockLeft', { count: stock.left }) : t('inStock');
  return (
    <p className="stock">
      <span id={id} className={stock.kind === 'out' ? 'badge badge-out' : stock.kind === 'low' ? 'badge badge-low' : 'badge badge-ok'}>
        {label}
      </span>
      {leadTimeDays !== undefined && stock.kind !== 'out' && (
        <span className="badge badge-lead">{leadTimeDays > 0 ? t('leadTime', { count: leadTimeDays }) : t('leadTimeNow')}</span>
      )}
    </p>
  );
}
