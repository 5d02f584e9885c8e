import * as v from 'valibot';
import { adminScopesField } from './admin-scopes';
import { emailField } from '../forms/form-fields';
import { pageNumber } from './user';

/** Bodies and queries of /api/admin/* (the shop owner's API; see server/admin/). */

/** The statuses an order moves through; see ORDER_TRANSITIONS in server/order/order-status.ts. */
export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Where an order may go next (the server's rule; the back-office offers these and only these). Cancelling returns the stock unless asked not to; a shipped order can no longer be cancelled. */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['processing', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

const text = (max: number) => v.pipe(v.string('Must be text.'), v.trim(), v.maxLength(max, `Must have at most ${max} characters.`));
const optionalText = (max: number) => v.optional(v.pipe(text(max), v.transform((s) => (s === '' ? undefined : s))));

const statusField = v.picklist(ORDER_STATUSES, `Must be one of: ${ORDER_STATUSES.join(', ')}.`);

export const orderStatusChangeBody = v.pipe(
  v.strictObject({
    status: statusField,
    comment: optionalText(1000),
    carrier: optionalText(100),
    tracking_number: optionalText(100),
    /** Cancelling only: false keeps the stock as it is (the goods are gone); left out, the ordered units go back. */
    return_stock: v.optional(v.boolean('Must be true or false.')),
  }),
  v.check((b) => b.status === 'shipped' || (b.carrier === undefined && b.tracking_number === undefined), 'carrier and tracking_number belong to a "shipped" change only.'),
  v.check((b) => b.status === 'cancelled' || b.return_stock === undefined, 'return_stock belongs to a "cancelled" change only.'),
);
export type OrderStatusChange = v.InferOutput<typeof orderStatusChangeBody>;

const isoTime = v.pipe(
  v.string(),
  v.check((s) => /^\d{4}-\d{2}-\d{2}/.test(s) && !Number.isNaN(Date.parse(s)), 'Must be a date or time such as 2026-11-26 or 2026-11-26T08:00:00Z.'),
);

export const adminOrderListQuery = v.strictObject({
  status: v.optional(statusField),
  created_since: v.optional(isoTime),
  email: v.optional(emailField),
  reference: v.optional(text(40)),
  pageSize: pageNumber('20', 200),
  currentPage: pageNumber('1', 100_000),
});

/** The order feed: changes after a checkpoint (0 for the start), oldest first. */
export const adminOrderFeedQuery = v.strictObject({
  after: v.pipe(v.optional(v.string(), '0'), v.regex(/^\d{1,18}$/, 'Must be a checkpoint from an earlier reply (a whole number; 0 for the start).')),
  limit: pageNumber('100', 500),
});

export const adminOrderParams = v.strictObject({ orderId: v.pipe(v.string(), v.minLength(1), v.maxLength(200)) });

export const adminTokenBody = v.strictObject({
  name: v.pipe(text(100), v.minLength(1, 'A name is required (who or what uses the token).')),
  /** Left out: every scope (see admin-scopes.ts). */
  scopes: v.optional(adminScopesField),
});
export const adminTokenParams = v.strictObject({ id: v.pipe(v.string(), v.regex(/^\d{1,15}$/, 'Must be a token id.')) });
