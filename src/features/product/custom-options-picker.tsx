import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../i18n/money';
import type { Doc } from '../../domain/cart/doc-fields';

interface Props {
  product: Doc;
  chosen: Record<string, string>;
  onChange: (optionId: string, value: string) => void;
  /** Until the page is hydrated a choice would be lost (nothing handles it yet): the fields wait. */
  disabled?: boolean;
}

const priceText = (price: unknown, type: unknown) => {
  const amount = Number(price ?? 0);
  if (!amount) return '';
  return type === 'percent' ? ` (+${amount}%)` : ` (+${formatMoney(amount)})`;
};

/** Custom options with their prices: text fields, drop-downs and radios. */
export function CustomOptionsPicker({ product, chosen, onChange, disabled = false }: Props) {
  const { t } = useTranslation();
  const options = Array.isArray(product.custom_options) ? (product.custom_options as Doc[]) : [];
  if (options.length === 0) return null;
  return (
    <section className="custom-options" aria-label={t('customOptions')}>
      {options.map((o) => {
        const id = String(o.option_id);
        const label = `${String(o.title)}${priceText(o.price, o.price_type)}${o.is_require === true ? ' *' : ''}`;
        const values = Array.isArray(o.values) ? (o.values as Doc[]) : [];
        if (o.type === 'field' || o.type === 'area') {
          return (
            <label key={id} className="field">
              <span>{label}</span>
              <input type="text" disabled={disabled} maxLength={Number(o.max_characters) || undefined} value={chosen[id] ?? ''} onChange={(e) => onChange(id, e.target.value)} />
            </label>
          );
        }
        return (
          <label key={id} className="field">
            <span>{label}</span>
            <select disabled={disabled} value={chosen[id] ?? ''} onChange={(e) => onChange(id, e.target.value)}>
              <option value="">{t('noneOption')}</option>
              {values.map((v) => (
                <option key={String(v.option_type_id)} value={String(v.option_type_id)}>
                  {String(v.title)}
                  {priceText(v.price, v.price_type)}
                </option>
              ))}
            </select>
          </label>
        );
      })}
    </section>
  );
}
