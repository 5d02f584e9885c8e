import { parseAllowedHosts, type AllowedHosts } from './webhook-destination';

/** How webhook deliveries are timed; the defaults suit production, tests shorten them. */
export interface WebhookSettings {
  /** Wait before the first retry; each later wait doubles (`WEBHOOK_RETRY_BASE_MS`, 30 s). */
  retryBaseMs: number;
  /** The longest wait between two attempts (`WEBHOOK_RETRY_MAX_MS`, 1 h). */
  retryMaxMs: number;
  /** Attempts go on until this long after the event, then the delivery is marked failed (`WEBHOOK_RETRY_FOR_MS`, 24 h). */
  retryForMs: number;
  /** A receiver must answer 2xx within this (`WEBHOOK_TIMEOUT_MS`, 10 s). */
  timeoutMs: number;
  /**
   * A claimed delivery is not due again for this long (`WEBHOOK_LEASE_MS`, 60 s): a process killed in
   * the middle of a delivery holds it no longer. Longer than the time-out, so a live process always
   * records its outcome before another may claim the delivery.
   */
  leaseMs: number;
  /** Due deliveries are looked for at least this often (`WEBHOOK_POLL_MS`, 5 s), besides the LISTEN wake-up. */
  pollMs: number;
  /** Hosts and CIDRs that may receive webhooks though not public, over http too (`WEBHOOK_ALLOWED_HOSTS`; see webhook-destination.ts). */
  allowedHosts: AllowedHosts;
}

type IntReader = (name: string, fallback: number, min: number, max: number) => number;

const HOUR = 3_600_000;

/** Reads the settings through config.ts's checked integer reader (a bad value stops the start with its name). */
export function webhookSettingsFromEnv(int: IntReader, allowedHosts?: string): WebhookSettings {
  const settings: WebhookSettings = {
    retryBaseMs: int('WEBHOOK_RETRY_BASE_MS', 30_000, 1, HOUR),
    retryMaxMs: int('WEBHOOK_RETRY_MAX_MS', HOUR, 1, 24 * HOUR),
    retryForMs: int('WEBHOOK_RETRY_FOR_MS', 24 * HOUR, 0, 30 * 24 * HOUR),
    timeoutMs: int('WEBHOOK_TIMEOUT_MS', 10_000, 100, 120_000),
    leaseMs: int('WEBHOOK_LEASE_MS', 60_000, 200, HOUR),
    pollMs: int('WEBHOOK_POLL_MS', 5_000, 20, HOUR),
    allowedHosts: parseAllowedHosts(allowedHosts),
  };
  if (settings.leaseMs <= settings.timeoutMs) throw new Error(`WEBHOOK_LEASE_MS (${settings.leaseMs}) must be longer than WEBHOOK_TIMEOUT_MS (${settings.timeoutMs})`);
  return settings;
}
