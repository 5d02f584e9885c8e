import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type StepState = 'active' | 'done' | 'waiting';

interface Props {
  id: string;
  number: number;
  title: string;
  state: StepState;
  /** What was entered, shown once the step is done. */
  summary?: ReactNode;
  onEdit?: () => void;
  children: ReactNode;
}

/** One checkout step: its heading always (so the shopper sees the way ahead), its form while active. */
export function StepSection({ id, number, title, state, summary, onEdit, children }: Props) {
  const { t } = useTranslation();
  return (
    <section className={`checkout-step checkout-step-${state}`} aria-labelledby={`${id}-title`} aria-current={state === 'active' ? 'step' : undefined}>
      <div className="checkout-step-head">
        <span className="checkout-step-number" aria-hidden="true">
          {number}
        </span>
        <h2 id={`${id}-title`}>{title}</h2>
        {state === 'done' && onEdit && (
          <button type="button" className="link-button" onClick={onEdit} aria-label={t('checkoutEditStep', { step: title })}>
            {t('checkoutEdit')}
          </button>
        )}
      </div>
      {state === 'active' && children}
      {state === 'done' && summary && <div className="checkout-step-summary">{summary}</div>}
    </section>
  );
}
