import type { DeliveryStatus, WebhookDelivery, WebhookDeliveryQuery, WebhookEndpoint, WebhookEndpointInput, WebhookEventType } from '../../schemas/api/webhooks';
import { WEBHOOK_MESSAGES } from '../../schemas/api/webhooks';
import type { Database, Queryable } from '../db/database';
import { ApiError } from '../http/api-error';
import { wakeDelivery } from './webhook-outbox';
import { newWebhookSecret } from './webhook-signature';

type Time = Date | string;
const iso = (value: Time | null) => (value === null ? null : new Date(value).toISOString());

interface EndpointRow {
  id: number | string;
  url: string;
  event_types: WebhookEventType[] | null;
  description: string | null;
  created_at: Time;
  disabled_at: Time | null;
}

const ENDPOINT_COLUMNS = 'id, url, event_types, description, created_at, disabled_at';

const toEndpoint = (row: EndpointRow): WebhookEndpoint => ({
  id: Number(row.id),
  url: row.url,
  event_types: row.event_types,
  description: row.description,
  created_at: iso(row.created_at)!,
  disabled_at: iso(row.disabled_at),
});

/**
 * A new endpoint with a new secret, returned in this reply only. The secret is stored in clear, not as
 * a digest like the admin tokens: signing each delivery needs it. Events from now on are delivered to it.
 */
export async function createEndpoint(db: Queryable, input: WebhookEndpointInput): Promise<WebhookEndpoint & { secret: string }> {
  const secret = newWebhookSecret();
  const [row] = await db.query<EndpointRow>(
    `insert into webhook_endpoints (url, secret, event_types, description) values ($1, $2, $3::text[], $4) returning ${ENDPOINT_COLUMNS}`,
    [input.url, secret, input.event_types ?? null, input.description || null],
  );
  return { ...toEndpoint(row!), secret };
}

export async function listEndpoints(db: Queryable): Promise<WebhookEndpoint[]> {
  return (await db.query<EndpointRow>(`select ${ENDPOINT_COLUMNS} from webhook_endpoints order by id`)).map(toEndpoint);
}

/**
 * Disables an endpoint: no new deliveries, and its pending ones are marked failed (a call in flight
 * finishes; if it succeeds, the delivery shows delivered). Disabling twice answers the endpoint as it is.
 */
export async function disableEndpoint(db: Database, id: number): Promise<WebhookEndpoint> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<EndpointRow>(`update webhook_endpoints set disabled_at = coalesce(disabled_at, now()) where id = $1 returning ${ENDPOINT_COLUMNS}`, [id]);
    if (!row) throw new ApiError(404, WEBHOOK_MESSAGES.noEndpoint);
    await tx.query(
      "update webhook_deliveries set failed_at = now(), last_error = 'endpoint disabled' where endpoint_id = $1 and delivered_at is null and failed_at is null",
      [id],
    );
    return toEndpoint(row);
  });
}

interface DeliveryRow {
  id: number | string;
  event_id: string;
  event_type: WebhookEventType;
  endpoint_id: number | string;
  url: string;
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  last_attempt_at: Time | null;
  next_attempt_at: Time;
  delivered_at: Time | null;
  failed_at: Time | null;
  created_at: Time;
}

const statusOf = (row: DeliveryRow): DeliveryStatus => (row.delivered_at !== null ? 'delivered' : row.failed_at !== null ? 'failed' : 'pending');

const toDelivery = (row: DeliveryRow): WebhookDelivery => {
  const status = statusOf(row);
  return {
    id: Number(row.id),
    event_id: row.event_id,
    event_type: row.event_type,
    endpoint_id: Number(row.endpoint_id),
    url: row.url,
    status,
    attempts: row.attempts,
    last_status: row.last_status,
    last_error: row.last_error,
    last_attempt_at: iso(row.last_attempt_at),
    next_attempt_at: status === 'pending' ? iso(row.next_attempt_at) : null,
    delivered_at: iso(row.delivered_at),
    failed_at: iso(row.failed_at),
    created_at: iso(row.created_at)!,
  };
};

const DELIVERY_SELECT = `select d.id, d.event_id, e.type as event_type, d.endpoint_id, w.url, d.attempts, d.last_status, d.last_error,
  d.last_attempt_at, d.next_attempt_at, d.delivered_at, d.failed_at, e.created_at
  from webhook_deliveries d join webhook_events e on e.id = d.event_id join webhook_endpoints w on w.id = d.endpoint_id`;

const STATUS_CONDITION: Record<DeliveryStatus, string> = {
  pending: 'd.delivered_at is null and d.failed_at is null',
  delivered: 'd.delivered_at is not null',
  failed: 'd.failed_at is not null',
};

/** Deliveries newest first, with the filters given; `total_count` counts every page. */
export async function listDeliveries(db: Queryable, query: WebhookDeliveryQuery): Promise<{ items: WebhookDelivery[]; total_count: number }> {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const where = (condition: (n: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(condition(`$${params.length}`));
  };
  if (query.status) conditions.push(STATUS_CONDITION[query.status]);
  if (query.endpoint_id !== undefined) where((n) => `d.endpoint_id = ${n}`, query.endpoint_id);
  if (query.event_type) where((n) => `e.type = ${n}`, query.event_type);
  if (query.event_id) where((n) => `d.event_id = ${n}`, query.event_id);
  const filter = conditions.length > 0 ? `where ${conditions.join(' and ')}` : '';
  const [count] = await db.query<{ n: number | string }>(`select count(*) as n from webhook_deliveries d join webhook_events e on e.id = d.event_id ${filter}`, params);
  const rows = await db.query<DeliveryRow>(`${DELIVERY_SELECT} ${filter} order by d.id desc limit $${params.length + 1} offset $${params.length + 2}`, [
    ...params,
    query.pageSize,
    (query.currentPage - 1) * query.pageSize,
  ]);
  return { items: rows.map(toDelivery), total_count: Number(count?.n ?? 0) };
}

/**
 * Makes a pending or failed delivery due now, with one more attempt after the retry period if it had
 * passed. Not one that was delivered, nor one being sent right now (its claim is still running).
 */
export async function retryDelivery(db: Database, id: number): Promise<WebhookDelivery> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<DeliveryRow & { disabled_at: Time | null; in_flight: boolean }>(
      `${DELIVERY_SELECT.replace('w.url,', 'w.url, w.disabled_at, (d.claim_id is not null and d.next_attempt_at > now()) as in_flight,')} where d.id = $1 for update of d`,
      [id],
    );
    if (!row) throw new ApiError(404, WEBHOOK_MESSAGES.noDelivery);
    if (row.delivered_at !== null) throw new ApiError(409, WEBHOOK_MESSAGES.alreadyDelivered);
    if (row.disabled_at !== null) throw new ApiError(409, WEBHOOK_MESSAGES.endpointDisabled);
    if (row.in_flight) throw new ApiError(409, WEBHOOK_MESSAGES.inFlight);
    const [updated] = await tx.query<{ next_attempt_at: Time }>('update webhook_deliveries set failed_at = null, next_attempt_at = now() where id = $1 returning next_attempt_at', [id]);
    await wakeDelivery(tx, db);
    return toDelivery({ ...row, failed_at: null, next_attempt_at: updated!.next_attempt_at });
  });
}
