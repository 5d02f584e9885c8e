import { randomUUID } from 'node:crypto';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../schemas/api/webhooks';
import type { Database, Queryable } from '../db/database';
import { currentRequestId } from '../ops/request-id';

export { WEBHOOK_EVENT_TYPES, type WebhookEventType };

/** Wakes the delivering processes (LISTEN) when an event is committed; polling covers a lost wake-up. */
export const WEBHOOK_CHANNEL = 'webhook_events';

/**
 * Writes an event to the outbox inside the caller's transaction, with one delivery per enabled
 * endpoint that takes its type. A rolled-back change leaves no event; a committed one is delivered
 * even if this process dies right after (server/webhooks/webhook-delivery.ts sends it). With no
 * endpoint for the type nothing is written and `data` is never built: an order costs one small read
 * here until a shop configures webhooks. Returns the event id (what receivers de-duplicate on), or
 * null when no endpoint takes the type.
 */
export async function recordWebhookEvent(
  tx: Queryable,
  db: Pick<Database, 'channel'>,
  type: WebhookEventType,
  data: Record<string, unknown> | (() => Promise<Record<string, unknown>>),
): Promise<string | null> {
  const endpoints = await tx.query<{ id: number }>(`select id from webhook_endpoints where ${TAKES_TYPE('$1')}`, [type]);
  return recordWebhookEventFor(tx, db, endpoints.map((e) => e.id), type, data);
}

/**
 * The endpoints that take an event type, as a SQL condition on `webhook_endpoints` (the type a
 * parameter): for a statement that reads them along with its own work, one round trip fewer on an
 * order's hot path (order-changes.ts).
 */
export const TAKES_TYPE = (typeParam: string) => `disabled_at is null and (event_types is null or ${typeParam} = any(event_types))`;

/**
 * recordWebhookEvent with the endpoints already read in this transaction (by a statement using
 * TAKES_TYPE). The event, its deliveries and the wake-up are one statement.
 */
export async function recordWebhookEventFor(
  tx: Queryable,
  db: Pick<Database, 'channel'>,
  endpointIds: readonly number[],
  type: WebhookEventType,
  data: Record<string, unknown> | (() => Promise<Record<string, unknown>>),
): Promise<string | null> {
  if (endpointIds.length === 0) return null;
  const id = `evt_${randomUUID()}`;
  const payload = typeof data === 'function' ? await data() : data;
  // The wake-up is a notification, sent at commit, so a woken process finds the deliveries there; one
  // a delivery row, which PostgreSQL folds into one (identical notifications of a transaction are sent once).
  await tx.query(
    `with event as (insert into webhook_events (id, type, data, request_id) values ($1, $2, $3::jsonb, $5) returning id)
     insert into webhook_deliveries (event_id, endpoint_id) select event.id, e from event, unnest($4::bigint[]) as e
     returning pg_notify($6, 'due')`,
    // The request that caused the event, sent with its deliveries as x-request-id.
    [id, type, JSON.stringify(payload), endpointIds, currentRequestId() ?? null, db.channel(WEBHOOK_CHANNEL)],
  );
  return id;
}

/** Wakes every process's delivery worker (at commit, when inside a transaction). */
export async function wakeDelivery(q: Queryable, db: Pick<Database, 'channel'>): Promise<void> {
  await q.query('select pg_notify($1, $2)', [db.channel(WEBHOOK_CHANNEL), 'due']);
}
