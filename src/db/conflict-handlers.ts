import type { RxConflictHandler } from 'rxdb';
import { deepEqual } from 'rxdb/plugins/utils';

type WithSource = { source?: unknown; _deleted?: boolean };

/**
 * Catalogue replicas are pull-only and the server always wins. Two copies are "equal" when the
 * server's document (`source`) is, so a local-only change (the live price state) neither blocks the
 * next pull of that product nor survives it: a new server version arrives with unconfirmed prices.
 */
export const serverDocumentWins: RxConflictHandler<WithSource> = {
  isEqual: (a, b) => Boolean(a._deleted) === Boolean(b._deleted) && deepEqual(a.source, b.source),
  resolve: async (input) => input.realMasterState,
};
