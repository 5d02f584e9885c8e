import { useTranslation } from 'react-i18next';
import { addPercent } from '../domain/pricing/money';
import { formatPence } from '../i18n/money';

export interface TierRow {
  qty: number;
  pence: number;
}

interface Props {
  /** What one unit costs now, excluding tax. */
  finalPence: number;
  /** The list price, shown struck through when the final price is lower. */
  regularPence: number;
  taxPercent: number;
  /** Items in one sell unit: shows the per-item price ("£0.23 each"). */
  multiplier?: number | undefined;
  tiers?: TierRow[];
  size?: 'large' | 'small';
}

/** Prices including and excluding VAT, the struck-through list price, per-item price and the tier table. */
export function PriceBlock({ finalPence, regularPence, taxPercent, multiplier, tiers, size = 'small' }: Props) {
  const { t } = useTranslation();
  const incl = addPercent(finalPence, taxPercent);
  return (
    <div className={`price-block price-${size}`}>
      <p className="price-main">
        <span className="price" data-testid="price-incl">{formatPence(incl)}</span> <span className="vat">{t('inclVat')}</span>
      </p>
      <p className="price-excl">
        <span data-testid="price-excl">{formatPence(finalPence)}</span> {t('exclVat')}
        {finalPence < regularPence && (
          <del className="price-was" data-testid="price-was">
            {t('was', { price: formatPence(regularPence) })}
          </del>
        )}
      </p>
      {multiplier !== undefined && multiplier > 1 && <p className="price-each">{t('each', { price: formatPence(Math.round(finalPence / multiplier)) })}</p>}
      {tiers && tiers.length > 0 && (
        <table className="tier-table">
          <caption>{t('tierTitle')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('tierQty')}</th>
              <th scope="col">{t('tierPrice')}</th>
            </tr>
          </thead>
          <tbody>
            {tiers.map((tier) => (
              <tr key={tier.qty}>
                <td>{t('tierRow', { qty: tier.qty })}</td>
                <td>{formatPence(tier.pence)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
