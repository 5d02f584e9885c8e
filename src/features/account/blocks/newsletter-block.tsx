import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShop } from '../../../db/hooks/shop-context';
import { setNewsletter } from '../../../db/session/account-api';
import { useAccountQuery, useCurrentUser } from '../use-account-query';
import { BlockStatus } from './block-status';

/** My account → newsletter: the account e-mail's subscription (SPEC §7 newsletter under /api/ext). */
export function NewsletterBlock() {
  const { t } = useTranslation();
  const shop = useShop();
  const email = useCurrentUser()?.email ?? '';
  const status = useAccountQuery<string>('newsletter', '/api/ext/newsletter', { email });
  const client = useQueryClient();
  const [state, setState] = useState<{ saving: boolean; saved: boolean; pending: boolean; error: string | null }>({ saving: false, saved: false, pending: false, error: null });
  const subscribed = status.data === 'subscribed';
  const toggle = async (next: boolean) => {
    if (!shop) return;
    setState({ saving: true, saved: false, pending: false, error: null });
    const outcome = await setNewsletter(shop, email, next);
    // Subscribing waits for the confirmation link (double opt-in): until then the address is not subscribed.
    const pending = outcome.ok && outcome.pending === true;
    if (outcome.ok) client.setQueryData(['account', 'newsletter', email, '/api/ext/newsletter', { email }], next && !pending ? 'subscribed' : 'not-subscribed');
    setState({ saving: false, saved: outcome.ok && !pending, pending, error: outcome.ok ? null : outcome.message });
  };
  return (
    <>
      <h2>{t('accountBlockNewsletter')}</h2>
      {status.isPending ? (
        <p>{t('accountLoading')}</p>
      ) : (
        <div className="field field-checkbox">
          <label htmlFor="newsletter-subscribed">
            <input id="newsletter-subscribed" type="checkbox" checked={subscribed} disabled={state.saving || status.isError} onChange={(e) => void toggle(e.target.checked)} /> {t('accountNewsletterLabel')}
          </label>
          <p className="muted">{subscribed ? t('accountNewsletterSubscribed') : t('accountNewsletterUnsubscribed')}</p>
        </div>
      )}
      {(state.error ?? status.error) && <p role="alert">{state.error ?? status.error?.message}</p>}
      <BlockStatus show={state.saved} message={t('accountNewsletterSaved')} />
      <BlockStatus show={state.pending} message={t('accountNewsletterConfirm', { email })} />
    </>
  );
}
