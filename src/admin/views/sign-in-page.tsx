import { useState, type FormEvent } from 'react';
import { useAdmin, useDevice } from './admin-context';

export const SIGN_IN_MESSAGES = {
  unreachable: 'The shop could not be reached to check the token. Check the connection and try again.',
  empty: 'Enter an admin token.',
} as const;

/**
 * Sign-in with an admin token, checked with the server at once (a read of one order): a wrong or
 * revoked token gets the server's own message, and nothing is stored until the server said yes.
 */
export function SignInPage() {
  const { api, sync } = useAdmin();
  const device = useDevice();
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const given = token.trim();
    if (!given) return setError(SIGN_IN_MESSAGES.empty);
    setBusy(true);
    setError(null);
    const outcome = await api.call('/api/admin/orders', { query: { pageSize: 1 }, headers: { authorization: `Bearer ${given}` }, auth: false });
    setBusy(false);
    if (outcome.kind === 'unknown') return setError(SIGN_IN_MESSAGES.unreachable);
    if (outcome.kind === 'refused') return setError(outcome.message);
    await device.signIn(given);
    setToken('');
    sync.kick();
  };

  const message = error ?? device.signedOutBecause;
  return (
    <main className="sign-in">
      <h1>Packing bench</h1>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <label htmlFor="admin-token">Admin token</label>
        <input id="admin-token" type="password" autoComplete="off" value={token} onChange={(e) => setToken(e.target.value)} aria-describedby={message ? 'sign-in-error' : undefined} aria-invalid={message ? true : undefined} />
        {message && (
          <p id="sign-in-error" role="alert" className="refusal">
            {message}
          </p>
        )}
        <button type="submit" disabled={busy}>
          {busy ? 'Checking…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
