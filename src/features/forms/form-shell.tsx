import { useEffect, useRef, type FormEventHandler, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '../../ui/use-hydrated';
import type { SendState } from './use-service-form';

interface Props {
  title: string;
  intro?: ReactNode;
  state: SendState;
  /** What happens next, shown once the server has stored the form. */
  confirmation: string;
  submitLabel: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onRestart: () => void;
  children: ReactNode;
  /** Use an h2 when the page already has its own h1 (the contact page under its CMS text). */
  headingLevel?: 1 | 2;
}

/** The frame of every service form: heading, fields, the server's refusal, progress, confirmation. */
export function FormShell({ title, intro, state, confirmation, submitLabel, onSubmit, onRestart, children, headingLevel = 1 }: Props) {
  const { t } = useTranslation();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const doneRef = useRef<HTMLDivElement>(null);
  // Moving focus to the confirmation tells keyboard and screen-reader users the form went through.
  useEffect(() => {
    if (state.status === 'sent') doneRef.current?.focus();
  }, [state.status]);
  const sending = state.status === 'sending';
  // A server-rendered form is inert until the page hydrates: a press before then would go nowhere
  // (or submit natively, putting the fields in the URL). Disabled, the press waits, as the shopper sees.
  const hydrated = useHydrated();
  return (
    <section className="service-form" aria-labelledby="service-form-title">
      <Heading id="service-form-title">{title}</Heading>
      {intro}
      {state.status === 'sent' ? (
        <div ref={doneRef} tabIndex={-1} role="status" className="form-confirmation">
          <p>{confirmation}</p>
          <p className="muted">{t('formReference', { id: state.receipt.id })}</p>
          <button type="button" className="link-button" onClick={onRestart}>
            {t('formSendAnother')}
          </button>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate aria-busy={sending}>
          {children}
          {state.status === 'failed' && (
            <p role="alert" className="form-failure">
              {state.message}
            </p>
          )}
          <button type="submit" className="button button-primary" disabled={sending || !hydrated}>
            {sending ? t('formSending') : submitLabel}
          </button>
        </form>
      )}
    </section>
  );
}
