import { createHmac, randomBytes } from 'node:crypto';

/**
 * Signing after the Standard Webhooks convention (standardwebhooks.com, as Svix and others send it,
 * close to Stripe's): `webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`,
 * keyed with the bytes of the secret after its `whsec_` prefix. The receiver checks it with the same
 * secret (any Standard Webhooks library does) and refuses timestamps far from its clock.
 */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** 32 random bytes, base64 after the prefix: the form Standard Webhooks libraries take as they are. */
export function newWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(32).toString('base64');
}

export function webhookSignature(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/** The headers of one delivery attempt; the timestamp is the attempt's, so a retry is signed afresh. */
export function webhookHeaders(secret: string, id: string, body: string, now = Date.now()): Record<string, string> {
  const timestamp = Math.floor(now / 1000);
  return {
    'content-type': 'application/json',
    'user-agent': 'FixingsDirect-Webhooks/1.0',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': webhookSignature(secret, id, timestamp, body),
  };
}
