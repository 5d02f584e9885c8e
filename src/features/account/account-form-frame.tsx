import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useShopStatus } from '../../db/hooks/shop-context';
import type { AccountFormState } from './use-account-form';

/**
 * An account form: its fields, the server's refusal (role=alert) and the submit button, which waits
 * for the local database to open like the header's account button (see useAccountForm).
 */
export function AccountFormFrame({ state, submitLabel, onSubmit, children, className }: { state: AccountFormState; submitLabel: string; onSubmit: FormEventHandler<HTMLFormElement>; children: ReactNode; className?: string }) {
  const { t } = useTranslation();
  const sending = state.status === 'sending';
  const starting = useShopStatus().status === 'starting';
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={sending} className={`account-form ${className ?? ''}`}>
      {children}
      {state.status === 'failed' && (
        <p role="alert" className="form-failure">
          {state.message}
        </p>
      )}
      <button type="submit" className="button button-primary" disabled={sending || starting}>
        {sending ? t('accountWorking') : submitLabel}
      </button>
    </form>
  );
}
