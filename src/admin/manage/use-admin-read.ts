import { useCallback, useEffect, useState } from 'react';
import type { QueryValue } from '../../../replication/api/api-types';
import { isTokenRefusal } from '../sync/admin-api';
import { useAdmin } from '../views/admin-context';

export type ReadState<T> = { kind: 'loading' } | { kind: 'done'; result: T } | { kind: 'refused'; message: string } | { kind: 'unknown' };

/** A read the back-office does not keep offline (webhooks, tokens): read when shown, again on `reload`. */
export function useAdminRead<T>(path: string, query: Record<string, QueryValue> = {}): [ReadState<T>, () => void] {
  const { api, device } = useAdmin();
  const [state, setState] = useState<ReadState<T>>({ kind: 'loading' });
  const [round, setRound] = useState(0);
  const key = JSON.stringify(query);
  useEffect(() => {
    let live = true;
    void api.call<T>(path, { query: JSON.parse(key) as Record<string, QueryValue> }).then(async (outcome) => {
      if (!live) return;
      if (outcome.kind === 'refused' && isTokenRefusal(outcome)) await device.signOut(outcome.message);
      else setState(outcome.kind === 'done' ? { kind: 'done', result: outcome.result } : outcome.kind === 'refused' ? { kind: 'refused', message: outcome.message } : { kind: 'unknown' });
    });
    return () => {
      live = false;
    };
  }, [api, device, path, key, round]);
  return [state, useCallback(() => setRound((n) => n + 1), [])];
}

export const READ_UNKNOWN = 'The shop could not be reached. This page needs a connection; try again when online.';
