import * as v from 'valibot';
import { pageNumber } from './user';

/** Bodies and queries of /api/admin/webhooks (the shop owner's webhook endpoints and their deliveries). */

/** The events an endpoint may subscribe to; see server/webhooks/webhook-outbox.ts for when each is written. */
export const WEBHOOK_EVENT_TYPES = ['order.placed', 'order.status_changed', 'stock.low'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const WEBHOOK_MESSAGES = {
  badUrl: 'Must be an absolute http:// or https:// URL, such as https://erp.example.com/hooks/shop.',
  noEndpoint: 'No webhook endpoint has this id',
  noDelivery: 'No webhook delivery has this id',
  alreadyDelivered: 'This delivery was already delivered; the receiver has the event',
  endpointDisabled: 'This delivery belongs to a disabled endpoint',
  inFlight: 'This delivery is being sent right now; look again in a minute',
} as const;

const hasControlOrSpace = (text: string) => [...text].some((c) => c.charCodeAt(0) <= 0x20 || c.charCodeAt(0) === 0x7f || /\s/.test(c));

/** Parses as a URL with a host, over http or https, with no spaces or control characters. */
function isWebhookUrl(text: string): boolean {
  if (hasControlOrSpace(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const eventType = v.picklist(WEBHOOK_EVENT_TYPES, `Must be one of: ${WEBHOOK_EVENT_TYPES.join(', ')}.`);

export const webhookEndpointBody = v.strictObject({
  url: v.pipe(v.string('Must be text.'), v.trim(), v.maxLength(2000, 'Must have at most 2000 characters.'), v.check(isWebhookUrl, WEBHOOK_MESSAGES.badUrl)),
  /** Omitted or null: every event type, including ones added later. */
  event_types: v.nullish(v.pipe(v.array(eventType, 'Must be a list of event types.'), v.minLength(1, 'List at least one event type, or leave event_types out for all.'), v.transform((list) => [...new Set(list)]))),
  description: v.optional(v.pipe(v.string('Must be text.'), v.trim(), v.maxLength(500, 'Must have at most 500 characters.'))),
});
export type WebhookEndpointInput = v.InferOutput<typeof webhookEndpointBody>;

const idParam = (what: string) => v.pipe(v.string(), v.regex(/^\d{1,15}$/, `Must be a ${what} id.`), v.transform(Number));

export const webhookEndpointParams = v.strictObject({ id: idParam('webhook endpoint') });
export const webhookDeliveryParams = v.strictObject({ id: idParam('webhook delivery') });

export const webhookDeliveryQuery = v.strictObject({
  status: v.optional(v.picklist(DELIVERY_STATUSES, `Must be one of: ${DELIVERY_STATUSES.join(', ')}.`)),
  endpoint_id: v.optional(idParam('webhook endpoint')),
  event_type: v.optional(eventType),
  event_id: v.optional(v.pipe(v.string(), v.maxLength(100, 'Must have at most 100 characters.'))),
  pageSize: pageNumber('20', 200),
  currentPage: pageNumber('1', 100_000),
});
export type WebhookDeliveryQuery = v.InferOutput<typeof webhookDeliveryQuery>;

/** An endpoint as the admin API shows it; the secret only in the reply that created it. */
export interface WebhookEndpoint {
  id: number;
  url: string;
  event_types: WebhookEventType[] | null;
  description: string | null;
  created_at: string;
  disabled_at: string | null;
}

export interface WebhookDelivery {
  id: number;
  event_id: string;
  event_type: WebhookEventType;
  endpoint_id: number;
  url: string;
  status: DeliveryStatus;
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  last_attempt_at: string | null;
  next_attempt_at: string | null;
  delivered_at: string | null;
  failed_at: string | null;
  created_at: string;
}
