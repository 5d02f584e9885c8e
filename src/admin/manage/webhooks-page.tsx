import { Pager, TableHead } from '../views/table-parts';
import { CheckboxGroup } from '../views/checkbox-group';
import { useState, type FormEvent } from 'react';
import { WEBHOOK_EVENT_TYPES, type WebhookDelivery, type WebhookEndpoint } from '../../../schemas/api/webhooks';
import { useAdmin } from '../views/admin-context';
import { fieldText, formatTime } from '../views/format';
import { READ_UNKNOWN, useAdminRead } from './use-admin-read';

/** Webhook endpoints (add, disable; the signing secret shown once) and their deliveries, with "Retry now". */
export function WebhooksPage() {
  const { api } = useAdmin();
  const [endpoints, reloadEndpoints] = useAdminRead<WebhookEndpoint[]>('/api/admin/webhooks');
  const [page, setPage] = useState(1);
  const [deliveries, reloadDeliveries] = useAdminRead<{ items: WebhookDelivery[]; total_count: number }>('/api/admin/webhooks/deliveries', { pageSize: 20, currentPage: page });
  const [said, setSaid] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);

  const say = (outcome: { kind: string; message?: string }, done: string) => setSaid(outcome.kind === 'done' ? done : outcome.kind === 'refused' ? (outcome.message ?? '') : READ_UNKNOWN);
  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const types = data.getAll('event_types').map(String);
    const outcome = await api.call<WebhookEndpoint & { secret: string }>('/api/admin/webhooks', {
      method: 'POST',
      body: { url: fieldText(data, 'url'), ...(types.length > 0 ? { event_types: types } : {}) },
      idempotencyKey: `webhook-${crypto.randomUUID()}`,
    });
    say(outcome, 'Endpoint added.');
    if (outcome.kind === 'done') {
      setSecret(outcome.result.secret);
      form.reset();
      reloadEndpoints();
    }
  };
  const disable = async (endpoint: WebhookEndpoint) => {
    if (!window.confirm(`Disable ${endpoint.url}? Its pending deliveries are marked failed.`)) return;
    say(await api.call(`/api/admin/webhooks/${endpoint.id}`, { method: 'DELETE', idempotencyKey: `disable-webhook-${endpoint.id}` }), 'Endpoint disabled.');
    reloadEndpoints();
  };
  const retry = async (delivery: WebhookDelivery) => {
    say(await api.call(`/api/admin/webhooks/deliveries/${delivery.id}/retry`, { method: 'POST', idempotencyKey: `retry-${delivery.id}-${crypto.randomUUID()}` }), `Delivery ${delivery.id} is being sent again.`);
    reloadDeliveries();
  };

  return (
    <main>
      <h1>Webhooks</h1>
      {said && <p role="alert">{said}</p>}
      {secret && (
        <p role="status">
          Signing secret, shown this once only: <code>{secret}</code>
        </p>
      )}
      <h2>Endpoints</h2>
      {endpoints.kind === 'done' ? (
        <ul className="endpoints">
          {endpoints.result.map((e) => (
            <li key={e.id}>
              {e.url} ({e.event_types ? e.event_types.join(', ') : 'all events'}){' '}
              {e.disabled_at ? (
                `disabled ${formatTime(e.disabled_at)}`
              ) : (
                <button type="button" onClick={() => void disable(e)}>
                  Disable {e.url}
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p>{endpoints.kind === 'loading' ? 'Loading…' : endpoints.kind === 'refused' ? endpoints.message : READ_UNKNOWN}</p>
      )}
      <form onSubmit={(e) => void add(e)}>
        <label htmlFor="webhook-url">Endpoint URL</label>
        <input id="webhook-url" name="url" type="url" required />
        <CheckboxGroup legend="Events (none ticked: all)" name="event_types" values={WEBHOOK_EVENT_TYPES} />
        <button type="submit" className="primary">
          Add endpoint
        </button>
      </form>
      <h2>Deliveries</h2>
      <p>
        <button type="button" onClick={reloadDeliveries}>
          Refresh deliveries
        </button>
      </p>
      {deliveries.kind === 'done' ? (
        <>
          <table className="deliveries">
            <TableHead columns={['Event', 'Endpoint', 'Status', 'Attempts', 'Last error', 'Created', 'Action']} />
            <tbody>
              {deliveries.result.items.map((d) => (
                <tr key={d.id} data-event={d.event_type}>
                  <td>{d.event_type}</td>
                  <td className="long">{d.url}</td>
                  <td>{d.status}</td>
                  <td>{d.attempts}</td>
                  <td className="long">{d.last_error ?? (d.last_status ? `HTTP ${d.last_status}` : '')}</td>
                  <td>{formatTime(d.created_at)}</td>
                  <td>
                    {d.status !== 'delivered' && (
                      <button type="button" onClick={() => void retry(d)}>
                        Retry now
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager label="Delivery pages" page={page} pages={Math.max(1, Math.ceil(deliveries.result.total_count / 20))} onPage={setPage} />
        </>
      ) : (
        <p>{deliveries.kind === 'loading' ? 'Loading…' : deliveries.kind === 'refused' ? deliveries.message : READ_UNKNOWN}</p>
      )}
    </main>
  );
}
