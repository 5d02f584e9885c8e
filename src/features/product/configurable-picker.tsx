import { useTranslation } from 'react-i18next';
import type { Doc } from '../../domain/cart/doc-fields';
import { axesOf, valueAvailable, type Chosen } from '../../domain/variants/variant-options';

interface Props {
  product: Doc;
  chosen: Chosen;
  onChoose: (code: string, value: string) => void;
  /** Until the page is hydrated a press would be lost (nothing handles it yet): the buttons wait. */
  disabled?: boolean;
}

/** One group of buttons per configurable axis; values that lead to no available child are marked. */
export function ConfigurablePicker({ product, chosen, onChoose, disabled = false }: Props) {
  const { t } = useTranslation();
  return (
    <div className="configurable">
      {axesOf(product).map((axis) => (
        <fieldset key={axis.code} className="option-group">
          <legend>
            {axis.label}: <strong>{axis.values.find((v) => v.value === chosen[axis.code])?.label ?? '—'}</strong>
          </legend>
          <div className="option-values">
            {axis.values.map((v) => {
              const available = valueAvailable(product, chosen, axis.code, v.value);
              return (
                <button
                  key={v.value}
                  type="button"
                  className={`option-value${available ? '' : ' unavailable'}`}
                  disabled={disabled}
                  aria-pressed={chosen[axis.code] === v.value}
                  aria-label={`${axis.label} ${v.label}${available ? '' : ` (${t('unavailable')})`}`}
                  onClick={() => onChoose(axis.code, v.value)}
                >
                  {v.label}
                </button>
              );
            })}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
