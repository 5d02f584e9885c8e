import { TableHead } from '../views/table-parts';
import { CheckboxGroup } from '../views/checkbox-group';
import { useState, type FormEvent } from 'react';
import { ADMIN_SCOPES } from '../../../schemas/api/admin-scopes';
import { useAdmin } from '../views/admin-context';
import { fieldText, formatTime } from '../views/format';
import { READ_UNKNOWN, useAdminRead } from './use-admin-read';

interface TokenInfo {
  id: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  scopes: string[] | null;
}

/** Admin tokens: create one with scopes (its secret is shown once, here), list, revoke. */
export function TokensPage() {
  const { api } = useAdmin();
  const [tokens, reload] = useAdminRead<TokenInfo[]>('/api/admin/tokens');
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const [said, setSaid] = useState<string | null>(null);

  const create = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const scopes = data.getAll('scopes').map(String);
    const outcome = await api.call<TokenInfo & { token: string }>('/api/admin/tokens', { method: 'POST', body: { name: fieldText(data, 'name'), ...(scopes.length > 0 ? { scopes } : {}) } });
    if (outcome.kind === 'done') {
      setCreated({ name: outcome.result.name, token: outcome.result.token });
      setSaid(null);
      form.reset();
      reload();
    } else setSaid(outcome.kind === 'refused' ? outcome.message : READ_UNKNOWN);
  };
  const revoke = async (token: TokenInfo) => {
    if (!window.confirm(`Revoke the token "${token.name}"? Whatever uses it stops working at once.`)) return;
    const outcome = await api.call(`/api/admin/tokens/${token.id}`, { method: 'DELETE', idempotencyKey: `revoke-${token.id}` });
    setSaid(outcome.kind === 'done' ? `Revoked "${token.name}".` : outcome.kind === 'refused' ? outcome.message : READ_UNKNOWN);
    reload();
  };

  return (
    <main>
      <h1>Admin tokens</h1>
      <form onSubmit={(e) => void create(e)} className="token-form">
        <label htmlFor="token-name">Name (who or what uses it)</label>
        <input id="token-name" name="name" required maxLength={100} />
        <CheckboxGroup legend="Scopes (none ticked: every scope)" name="scopes" values={ADMIN_SCOPES} />
        <button type="submit" className="primary">
          Create token
        </button>
      </form>
      {created && (
        <div role="status" className="created-token">
          <p>
            The token “{created.name}”, shown this once only: copy it now.
          </p>
          <output aria-label="New admin token">
            <code>{created.token}</code>
          </output>
        </div>
      )}
      {said && <p role="alert">{said}</p>}
      {tokens.kind === 'loading' && <p>Loading…</p>}
      {tokens.kind === 'unknown' && <p>{READ_UNKNOWN}</p>}
      {tokens.kind === 'refused' && <p className="refusal">{tokens.message}</p>}
      {tokens.kind === 'done' && (
        <table>
          <TableHead columns={['Name', 'Scopes', 'Created', 'Last used', 'State']} />
          <tbody>
            {tokens.result.map((t) => (
              <tr key={t.id}>
                <td>{t.name}</td>
                <td>{t.scopes ? t.scopes.join(', ') : 'all'}</td>
                <td>{formatTime(t.created_at)}</td>
                <td>{t.last_used_at ? formatTime(t.last_used_at) : 'never'}</td>
                <td>
                  {t.revoked_at ? (
                    `revoked ${formatTime(t.revoked_at)}`
                  ) : (
                    <button type="button" onClick={() => void revoke(t)}>
                      Revoke {t.name}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}
