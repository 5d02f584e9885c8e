import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { orderTrackingFormSchema, type OrderTrackingForm } from '../../../schemas/forms/account-profile-forms';
import { useShop } from '../../db/hooks/shop-context';
import { callApi } from '../../db/session/account-api';
import { useTitle } from '../../ui/use-title';
import { FormFields, type FieldSpec } from '../forms/form-fields';
import { AccountFormFrame } from './account-form-frame';
import { orderStatusLabel } from '../../domain/orders/status-label';
import { StatusSince } from './order-status-time';
import { StatusHistory, type StatusEntry } from './status-history';
import { useAccountForm } from './use-account-form';
import { useOrderChanges } from './use-order-changes';
import { formatDate } from '../../ui/format-date';

const FIELDS: readonly FieldSpec[] = [
  { name: 'orderNumber', label: 'trackingOrderNumber', required: true },
  { name: 'email', label: 'formEmail', type: 'email', autoComplete: 'email', required: true },
];

interface Tracking {
  order: { increment_id: string; order_id: string; status: string; created_at: string; status_changed_at?: string; customer_reference?: string | null };
  items: StatusEntry[];
}

/** /order-tracking: an order's status for its number and e-mail (both must match; SPEC §7 under /api/ext). */
export function OrderTrackingPage() {
  const { t } = useTranslation();
  useTitle(t('trackingTitle'));
  const shop = useShop();
  // Linked from the thank-you page and the order mails with the number and e-mail filled in.
  const [params] = useSearchParams();
  const [found, setFound] = useState<Tracking | null>(null);
  const [asked, setAsked] = useState<OrderTrackingForm | null>(null);
  // The order shown is read again when its status changes (the change stream), without a new search.
  useOrderChanges(found ? [found.order.order_id] : [], () => {
    if (!shop || !asked) return;
    void callApi<Tracking>(shop, '/api/ext/order-tracking', { auth: false, query: { ...asked } }).then((reply) => {
      if (reply.code === 200 && typeof reply.result !== 'string') setFound(reply.result);
    });
  });
  const { form, state, onSubmit } = useAccountForm<OrderTrackingForm>(orderTrackingFormSchema, { orderNumber: params.get('orderNumber') ?? '', email: params.get('email') ?? '' }, async ({ orderNumber, email }) => {
    setFound(null);
    setAsked(null);
    if (!shop) return { ok: false, message: t('accountNetwork') };
    const reply = await callApi<Tracking>(shop, '/api/ext/order-tracking', { auth: false, query: { orderNumber, email } });
    if (reply.code === 404) return { ok: false, message: t('trackingNotFound') };
    if (reply.code !== 200 || typeof reply.result === 'string') return { ok: false, message: typeof reply.result === 'string' ? reply.result : t('accountNetwork') };
    setFound(reply.result);
    setAsked({ orderNumber, email });
    return { ok: true };
  });
  return (
    <section className="account-screen service-form">
      <h1>{t('trackingTitle')}</h1>
      <p>{t('trackingIntro')}</p>
      <AccountFormFrame state={state} submitLabel={t('trackingSubmit')} onSubmit={onSubmit}>
        <FormFields form={form} fields={FIELDS} idPrefix="tracking" />
      </AccountFormFrame>
      {found && (
        <div className="tracking-result" role="status">
          <p>
            {t('trackingResult', { number: found.order.increment_id, date: formatDate(found.order.created_at), status: orderStatusLabel(found.order.status) })}
            <StatusSince since={found.order.status_changed_at} />
          </p>
          {found.order.customer_reference && <p className="order-reference">{t('accountOrderReferenceLine', { reference: found.order.customer_reference })}</p>}
          <StatusHistory entries={found.items} headingLevel={2} />
        </div>
      )}
    </section>
  );
}
