import { randomUUID } from 'node:crypto';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../schemas/api/webhooks';
import type { Database, Queryable } from '../db/database';

export { WEBHOOK_EVENT_TYPES, type WebhookEventType };

/** Wakes the delivering processes (LISTEN) when an event is committed; polling covers a lost wake-up. */
export const WEBHOOK_CHANNEL = 'webhook_events';

/**
 * Writes an event to the outbox inside the caller's transaction, with one delivery per enabled
 * endpoint that takes its type. A rolled-back change leaves no event; a committed one is delivered
 * even if this process dies right after (server/webhooks/webhook-delivery.ts sends it). Returns the
 * event id (what receivers de-duplicate on).
 */
export async function recordWebhookEvent(tx: Queryable, db: Pick<Database, 'channel'>, type: WebhookEventType, data: Record<string, unknown>): Promise<string> {
  const id = `evt_${randomUUID()}`;
  await tx.query('insert into webhook_events (id, type, data) values ($1, $2, $3::jsonb)', [id, type, JSON.stringify(data)]);
  const deliveries = await tx.query(
    `insert into webhook_deliveries (event_id, endpoint_id)
     select $1, id from webhook_endpoints where disabled_at is null and (event_types is null or $2 = any(event_types))
     returning id`,
    [id, type],
  );
  // Notifications are sent at commit, so a woken process finds the deliveries there.
  if (deliveries.length > 0) await wakeDelivery(tx, db);
  return id;
}

/** Wakes every process's delivery worker (at commit, when inside a transaction). */
export async function wakeDelivery(q: Queryable, db: Pick<Database, 'channel'>): Promise<void> {
  await q.query('select pg_notify($1, $2)', [db.channel(WEBHOOK_CHANNEL), 'due']);
}
