import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { QuoteRequestForm } from '../../../schemas/forms/quote-request-form';

/** The products to price: one row per line with its quantity ("Quantity must be above 0." etc.). */
export function QuoteLinesFieldset({ form }: { form: UseFormReturn<QuoteRequestForm> }) {
  const { t } = useTranslation();
  const lines = useFieldArray({ control: form.control, name: 'items' });
  const messageOf = (name: `items.${number}.sku` | `items.${number}.qty`) => form.getFieldState(name, form.formState).error?.message;
  return (
    <fieldset className="quote-lines">
      <legend>{t('quoteLines')}</legend>
      {lines.fields.length === 0 && <p className="muted">{t('quoteNoLines')}</p>}
      <ul>
        {lines.fields.map((line, index) => {
          const skuError = messageOf(`items.${index}.sku`);
          const qtyError = messageOf(`items.${index}.qty`);
          const id = `quote-line-${index}`;
          return (
            <li key={line.id} className="quote-line">
              <div className="field">
                <label htmlFor={`${id}-sku`}>{t('quoteSku', { n: index + 1 })}</label>
                <input id={`${id}-sku`} {...form.register(`items.${index}.sku`)} aria-invalid={skuError ? true : undefined} aria-describedby={skuError ? `${id}-sku-error` : undefined} />
                {skuError && <span id={`${id}-sku-error`} className="field-error">{skuError}</span>}
              </div>
              <div className="field">
                <label htmlFor={`${id}-qty`}>{t('quoteQty', { n: index + 1 })}</label>
                <input id={`${id}-qty`} inputMode="numeric" {...form.register(`items.${index}.qty`)} aria-invalid={qtyError ? true : undefined} aria-describedby={qtyError ? `${id}-qty-error` : undefined} />
                {qtyError && <span id={`${id}-qty-error`} className="field-error">{qtyError}</span>}
              </div>
              <button type="button" className="link-button" onClick={() => lines.remove(index)} aria-label={t('quoteRemoveLine', { n: index + 1 })}>
                {t('remove')}
              </button>
            </li>
          );
        })}
      </ul>
      <button type="button" className="button button-secondary" onClick={() => lines.append({ sku: '', qty: 1 })}>
        {t('quoteAddLine')}
      </button>
    </fieldset>
  );
}
