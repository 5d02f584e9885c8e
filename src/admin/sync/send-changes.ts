import type { PickCount } from '../../../schemas/api/admin-picks';
import type { AdminOrder, QueuedChange } from '../orders/admin-order';
import type { AdminDevice } from '../store/admin-device';
import { isTokenRefusal, type AdminApi } from './admin-api';

/** Waits after an unknown outcome: 1 s doubling to a minute (and at once when the connection returns). */
export const backoffMs = (attempts: number) => Math.min(60_000, 1000 * 2 ** Math.max(0, attempts - 1));

/** What a tick's reply says: the order's picks now, with the feed number of that change. */
interface PickReply {
  order_id: string;
  change_seq: number;
  picks: PickCount[];
}

const pathOf = (change: QueuedChange) => `/api/admin/orders/${encodeURIComponent(change.order_id)}/${change.kind === 'pick' ? 'picks' : 'status'}`;

/** The order as the server's reply leaves it: a status change's copy of the order, or a tick's picks. */
function afterReply(had: AdminOrder, change: QueuedChange, result: unknown): AdminOrder {
  if (change.kind === 'pick') {
    const reply = result as PickReply;
    return { ...had, picks: reply.picks, change_seq: reply.change_seq };
  }
  return { ...had, ...(result as AdminOrder), items: had.items, status_history: had.status_history, picks: had.picks };
}

/**
 * Sends the queued status changes and pick ticks: for each order only its oldest (its changes go in
 * the order they were made), each with its own Idempotency-Key, so a retry after a lost reply is the
 * same change once. Done: removed from the queue and the order takes the server's copy (a copy older
 * than one the feed brought meanwhile is ignored). Refused: kept on the order
 * with the server's message. Unknown: tried again after a backoff. A token refusal signs the tablet out
 * (the change stays queued for the next sign-in).
 */
export async function sendChanges(device: AdminDevice, api: AdminApi, now = Date.now): Promise<void> {
  const started = new Set<string>();
  for (const change of device.changes()) {
    if (change.state !== 'queued' || started.has(change.order_id)) continue;
    started.add(change.order_id);
    if (change.next_at > now()) continue;
    const outcome = await api.call<unknown>(pathOf(change), { method: 'POST', body: change.body, idempotencyKey: change.key });
    if (outcome.kind === 'done') {
      const had = device.order(change.order_id);
      await device.settleChange(change.key, had && afterReply(had, change, outcome.result));
    } else if (outcome.kind === 'refused' && isTokenRefusal(outcome)) {
      await device.signOut(outcome.message);
      return;
    } else if (outcome.kind === 'refused') {
      await device.updateChange({ ...change, state: 'refused', message: outcome.message });
    } else {
      const attempts = change.attempts + 1;
      await device.updateChange({ ...change, attempts, next_at: now() + backoffMs(attempts) } satisfies QueuedChange);
    }
  }
}

/** The connection is back: every waiting change may go now. */
export async function dueNow(device: AdminDevice, now = Date.now()): Promise<void> {
  for (const change of device.changes()) if (change.state === 'queued' && change.next_at > now) await device.updateChange({ ...change, next_at: now });
}
