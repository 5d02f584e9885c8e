import { createHash } from 'node:crypto';
import { LOCKS, type Database, type Queryable } from '../db/database';
import { TAKES_TYPE, type WebhookEventType } from '../webhooks/webhook-outbox';

/** The notification channel (per schema, see Database.channel) that tells open tabs an order changed. */
export const ORDER_CHANGES_CHANNEL = 'order_changes';

/**
 * What the public change stream says about an order: a one-way digest of its client-made order_id,
 * which only the device that placed it (or its owner's order history) can match. The id itself is
 * the right to read the order (GET /api/order/{orderId}), so it never goes out to every listener.
 */
export const orderRef = (orderId: string): string => createHash('sha256').update(orderId, 'utf8').digest('hex').slice(0, 24);

/**
 * Marks an order changed, as the last step of the transaction that changed it: the order feed's
 * number (`order_feed`, one narrow row per order) is taken under a lock held until commit, so a reader
 * that saw number N can never later meet a smaller one, and open tabs hear of it through the change
 * stream after the commit. The order's own `updated_at` is its writer's business (a status change).
 * One statement (the lock, the number, the notification) where it was two: this runs in every order's
 * placement. With `webhookType` the same statement also reads the webhook endpoints that take that
 * event (returned, for recordWebhookEventFor), which would otherwise be a round trip of its own.
 */
export async function recordOrderChange(tx: Queryable, db: Pick<Database, 'channel'>, orderId: string, status: string, webhookType?: WebhookEventType): Promise<number[]> {
  const rows = await tx.query<{ endpoints: (number | string)[] | null }>(
    // The lock's CTE is materialised and read by the insert, so it is taken before nextval runs.
    `with locked as materialized (select pg_advisory_xact_lock($1))
     insert into order_feed (order_id, change_seq) select $2, nextval('order_change_seq') from locked
     on conflict (order_id) do update set change_seq = excluded.change_seq
     returning pg_notify($3, $4), ${webhookType ? `array(select id from webhook_endpoints where ${TAKES_TYPE('$5')} order by id)` : 'null'} as endpoints`,
    [LOCKS.orderFeed, orderId, db.channel(ORDER_CHANGES_CHANNEL), JSON.stringify({ ref: orderRef(orderId), status }), ...(webhookType ? [webhookType] : [])],
  );
  return (rows[0]?.endpoints ?? []).map(Number);
}
