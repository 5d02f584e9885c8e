import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { newsletterFormSchema, type NewsletterForm } from '../../../schemas/forms/newsletter-form';
import { valibotResolver } from '../../ui/valibot-resolver';
import { subscribeNewsletter } from './newsletter-api';

/** The shared modal has no body padding of its own; this keeps the text off the dialog's edges. */
const BODY_STYLE = { padding: '0.75rem' } as const;

type State = { status: 'idle' | 'sending' } | { status: 'failed'; message: string } | { status: 'sent'; email: string };

/** The modal's body: the 10% promise, one e-mail field, then "the coupon was sent by e-mail". */
export function NewsletterSignup() {
  const { t } = useTranslation();
  const form = useForm<NewsletterForm>({ resolver: valibotResolver(newsletterFormSchema), defaultValues: { email: '' } });
  const [state, setState] = useState<State>({ status: 'idle' });
  const error = form.formState.errors.email;
  const onSubmit = form.handleSubmit(async ({ email }) => {
    setState({ status: 'sending' });
    try {
      await subscribeNewsletter(email);
      setState({ status: 'sent', email });
    } catch (e) {
      setState({ status: 'failed', message: e instanceof Error ? e.message : String(e) });
    }
  });
  if (state.status === 'sent') {
    return (
      <div role="status" className="form-confirmation newsletter-body" style={BODY_STYLE}>
        <p>{t('newsletterSent', { email: state.email })}</p>
      </div>
    );
  }
  const sending = state.status === 'sending';
  return (
    <form className="newsletter-body" style={BODY_STYLE} onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={sending}>
      <p className="newsletter-promise">{t('newsletterPromise')}</p>
      <div className="field">
        <label htmlFor="newsletter-email">{t('formEmail')}</label>
        <input
          id="newsletter-email"
          type="email"
          autoComplete="email"
          {...form.register('email')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'newsletter-email-error' : undefined}
        />
        {error?.message && (
          <span id="newsletter-email-error" className="field-error">
            {error.message}
          </span>
        )}
      </div>
      {state.status === 'failed' && (
        <p role="alert" className="form-failure">
          {state.message}
        </p>
      )}
      <button type="submit" className="button button-primary" disabled={sending}>
        {sending ? t('formSending') : t('newsletterSubmit')}
      </button>
    </form>
  );
}
