import { ORDER_TRANSITIONS, type OrderStatus } from '../../../schemas/api/admin';
import { isStatusChange, type AdminOrder, type QueuedChange } from './admin-order';

/**
 * The status the packer sees: the server's, moved on by the changes queued on this device (made
 * offline or not yet answered). A refused change does not count: the order shows the server's status
 * and the refusal beside it.
 */
export function statusNow(order: AdminOrder, changes: readonly QueuedChange[]): OrderStatus {
  let status = order.status;
  for (const change of changes) if (change.order_id === order.order_id && change.state === 'queued' && isStatusChange(change)) status = change.body.status;
  return status;
}

/** The statuses the order may take next: the API's rule, and only that. */
export const nextStatuses = (status: OrderStatus): readonly OrderStatus[] => ORDER_TRANSITIONS[status];
