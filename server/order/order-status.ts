import { ORDER_TRANSITIONS, type OrderStatus, type OrderStatusChange } from '../../schemas/api/admin';
import { ApiError } from '../http/api-error';

export { ORDER_TRANSITIONS };

export const STATUS_MESSAGES = {
  notFound: 'Order not found',
  /** The refusal names the statuses the order may take now. */
  notAllowed: (from: string, to: string, allowed: readonly string[]) =>
    `An order that is "${from}" cannot become "${to}". ${allowed.length > 0 ? `It can become: ${allowed.join(', ')}.` : 'Its status is final.'}`,
  shippedAlready: (tracking: string | null) => `The order is already "shipped"${tracking ? ` with tracking number ${tracking}` : ''}; a different shipment is not a status change.`,
} as const;

export interface LastShipment {
  carrier: string | null;
  tracking_number: string | null;
}

/**
 * What a requested change means for an order in `current` status: `apply` it, or `unchanged` when the
 * order already is where the change would take it (the same change sent twice is one change). Anything
 * else is refused with the statuses allowed now.
 */
export function decideStatusChange(current: string, change: OrderStatusChange, lastShipment: LastShipment | undefined): 'apply' | 'unchanged' {
  if (current === change.status) {
    const differs = (given: string | undefined, had: string | null | undefined) => given !== undefined && given !== (had ?? undefined);
    if (current === 'shipped' && (differs(change.carrier, lastShipment?.carrier) || differs(change.tracking_number, lastShipment?.tracking_number))) {
      throw new ApiError(409, STATUS_MESSAGES.shippedAlready(lastShipment?.tracking_number ?? null), { status: current, allowed: allowedFrom(current) });
    }
    return 'unchanged';
  }
  const allowed = allowedFrom(current);
  if (!allowed.includes(change.status)) throw new ApiError(409, STATUS_MESSAGES.notAllowed(current, change.status, allowed), { status: current, allowed });
  return 'apply';
}

export const allowedFrom = (status: string): readonly OrderStatus[] => ORDER_TRANSITIONS[status as OrderStatus] ?? [];
