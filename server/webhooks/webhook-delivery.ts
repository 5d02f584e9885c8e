import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import type { Database } from '../db/database';
import { REQUEST_ID_HEADER } from '../ops/request-id';
import { retryDelayMs } from './retry-schedule';
import { WEBHOOK_CHANNEL } from './webhook-outbox';
import type { WebhookSettings } from './webhook-settings';
import { webhookHeaders } from './webhook-signature';
import { Agent, fetch } from 'undici';
import { checkDestination, DestinationRefused, guardedLookup, type AllowedHosts } from './webhook-destination';

/** Where deliveries may go, and the connection pool that only connects there. */
interface Destination {
  allowed: AllowedHosts;
  dispatcher: Agent;
}

/** Deliveries claimed at once; they are sent in parallel. */
const BATCH = 10;
/** The longest `last_error`: a status and a short reason, never the receiver's reply (it would be shown back to whoever reads the deliveries). */
const ERROR_TEXT_MAX = 300;

interface Claimed {
  id: number;
  attempts: number;
  event_id: string;
  type: string;
  data: unknown;
  created_at: Date | string;
  url: string;
  secret: string;
  request_id: string | null;
}

type Outcome = { delivered: true; status: number } | { delivered: false; status: number | null; error: string; interrupted: boolean };

const ms = (value: number) => `make_interval(secs => ${value}::float8 / 1000)`;

/**
 * Claims due deliveries: `for update skip locked`, so processes sharing one PostgreSQL never take the
 * same row, and the claim moves `next_attempt_at` a lease ahead in the same statement, which commits
 * at once. No transaction is held while the receiver is called (PGlite has one connection: the shop
 * must not wait on a receiver); a process killed mid-call leaves the delivery due again after the lease.
 */
async function claimDue(db: Database, leaseMs: number, claimId: string): Promise<Claimed[]> {
  return db.query<Claimed>(
    `with due as (
       select d.id from webhook_deliveries d join webhook_endpoints w on w.id = d.endpoint_id and w.disabled_at is null
       where d.delivered_at is null and d.failed_at is null and d.next_attempt_at <= now()
       order by d.next_attempt_at limit ${BATCH}
       for update of d skip locked
     )
     update webhook_deliveries d
     set attempts = d.attempts + 1, last_attempt_at = now(), next_attempt_at = now() + ${ms(leaseMs)}, claim_id = $1
     from due, webhook_events e, webhook_endpoints w
     where d.id = due.id and e.id = d.event_id and w.id = d.endpoint_id
     returning d.id, d.attempts, e.id as event_id, e.type, e.data, e.created_at, e.request_id, w.url, w.secret`,
    [claimId],
  );
}

/**
 * Records an attempt's outcome, only while this process's claim stands (another process may have
 * claimed the delivery after the lease ran out; its outcome is the one that counts). A failure is due
 * again after the back-off, or is marked failed once the retry period after the event has passed.
 */
async function record(db: Database, settings: WebhookSettings, delivery: Claimed, claimId: string, outcome: Outcome): Promise<{ gaveUp: boolean }> {
  if (outcome.delivered) {
    await db.query('update webhook_deliveries set delivered_at = now(), failed_at = null, last_status = $3, claim_id = null where id = $1 and claim_id = $2', [delivery.id, claimId, outcome.status]);
  } else if (outcome.interrupted) {
    // This process is stopping: another process (or this one's next start) sends it at once.
    await db.query('update webhook_deliveries set last_status = null, last_error = $3, next_attempt_at = now(), claim_id = null where id = $1 and claim_id = $2', [delivery.id, claimId, outcome.error]);
  } else {
    const wait = retryDelayMs(delivery.attempts, settings);
    const rows = await db.query<{ failed_at: Date | string | null }>(
      `update webhook_deliveries d
       set last_status = $3, last_error = $4, claim_id = null, next_attempt_at = now() + ${ms(wait)},
           failed_at = coalesce(d.failed_at, case when now() >= e.created_at + ${ms(settings.retryForMs)} then now() end)
       from webhook_events e where d.id = $1 and d.claim_id = $2 and e.id = d.event_id
       returning d.failed_at`,
      [delivery.id, claimId, outcome.status, outcome.error],
    );
    return { gaveUp: rows[0]?.failed_at != null };
  }
  return { gaveUp: false };
}

/** Milliseconds until the next pending delivery is due (a lease that runs out counts), or undefined when none is pending. */
export async function untilNextDue(db: Database): Promise<number | undefined> {
  // Not greatest(0, …) in SQL: it skips a NULL and answered 0 when nothing is pending, so an idle
  // worker polled every few milliseconds.
  const [row] = await db.query<{ wait: number | null }>(
    'select (extract(epoch from min(next_attempt_at) - now()) * 1000)::float8 as wait from webhook_deliveries where delivered_at is null and failed_at is null',
  );
  return row?.wait == null ? undefined : Math.max(0, row.wait);
}

/** The network error's own code when there is one (ECONNREFUSED, ECONNRESET, ENOTFOUND ...), or the destination's refusal. */
function networkError(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    if (current instanceof DestinationRefused) return `refused: ${current.message}`;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return current.message.includes(code) ? current.message : `${code}: ${current.message}`;
    current = current.cause;
  }
  return error instanceof Error ? error.message : String(error);
}

/** The id of the request that caused the event, for the receiver's logs (not signed: it is not part of the event). */
const requestIdHeader = (id: string | null): Record<string, string> => (id ? { [REQUEST_ID_HEADER]: id } : {});

/**
 * One POST: any 2xx within the time-out is delivered; anything else (another status, a redirect, which
 * is not followed, no reply in time, a refused or dropped connection, an unknown host) is a failure.
 */
async function send(delivery: Claimed, settings: Pick<WebhookSettings, 'timeoutMs'>, destination: Destination, stopping: AbortSignal): Promise<Outcome> {
  const { timeoutMs } = settings;
  const body = JSON.stringify({ id: delivery.event_id, type: delivery.type, created_at: new Date(delivery.created_at).toISOString(), data: delivery.data });
  const failed = (status: number | null, error: string): Outcome => ({ delivered: false, status, error: error.slice(0, ERROR_TEXT_MAX), interrupted: stopping.aborted });
  // One controller with a plain timer, not AbortSignal.any([AbortSignal.timeout(...), ...]): on Node 20
  // the garbage collector may take the timeout signal that only the combined one refers to, and the
  // call to a receiver that never answers then never ends.
  const call = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    call.abort();
  }, timeoutMs);
  const stop = () => call.abort();
  stopping.addEventListener('abort', stop, { once: true });
  try {
    // Checked again at each delivery (an endpoint added before the rule, an allow-list since changed),
    // then connected through the guarded lookup, so the address checked is the one reached.
    await checkDestination(delivery.url, destination.allowed);
    const response = await fetch(delivery.url, {
      method: 'POST',
      headers: { ...webhookHeaders(delivery.secret, delivery.event_id, body), ...requestIdHeader(delivery.request_id) },
      body,
      redirect: 'manual',
      signal: call.signal,
      dispatcher: destination.dispatcher,
    });
    await response.body?.cancel().catch(() => undefined);
    if (response.status >= 200 && response.status < 300) return { delivered: true, status: response.status };
    const reason = response.status >= 300 && response.status < 400 ? 'redirect (not followed)' : response.statusText;
    return failed(response.status, `HTTP ${response.status}${reason ? ` ${reason}` : ''}`);
  } catch (error) {
    if (error instanceof DestinationRefused) return failed(null, `refused: ${error.message}`);
    if (stopping.aborted) return failed(null, 'interrupted: the sending process stopped');
    if (timedOut) return failed(null, `no reply within ${timeoutMs / 1000} s`);
    return failed(null, `connection failed: ${networkError(error)}`);
  } finally {
    clearTimeout(timer);
    stopping.removeEventListener('abort', stop);
  }
}

/**
 * Sends webhook deliveries from the outbox. Woken by the LISTEN channel when an event commits (in
 * any process), by a timer when the next retry or an expired lease is due, and by a poll at least
 * every `pollMs` in case a notification was lost. One round at a time per process.
 */
export class WebhookDeliveryWorker {
  private stopped = false;
  private again = false;
  private running: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private readonly stopping = new AbortController();
  private readonly destination: Destination;

  constructor(
    private readonly db: Database,
    private readonly settings: WebhookSettings,
    private readonly log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>,
  ) {
    this.destination = { allowed: settings.allowedHosts, dispatcher: new Agent({ connect: { lookup: guardedLookup(settings.allowedHosts) } }) };
  }

  async start(): Promise<void> {
    this.unlisten = await this.db.listen(this.db.channel(WEBHOOK_CHANNEL), () => this.wake());
    this.wake();
  }

  /** Stops the timers, interrupts calls in flight (they are due again at once) and waits for the round to end. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.stopping.abort();
    await this.unlisten?.();
    await this.running;
    await this.destination.dispatcher.close();
  }

  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.round()
      .catch((error: unknown) => {
        this.log.error({ err: error }, 'webhook delivery round failed; trying again on the next poll');
        return this.settings.pollMs;
      })
      .then((wait) => {
        this.running = undefined;
        if (this.again) this.wake();
        else this.schedule(wait);
      });
  }

  private schedule(wait: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => this.wake(), Math.min(Math.max(wait, 0), this.settings.pollMs) + 5);
    this.timer.unref();
  }

  /** Sends every due delivery; returns the wait until the next one is due. */
  private async round(): Promise<number> {
    this.again = false;
    for (;;) {
      // Names the claiming process: whoever looks at a delivery in flight sees which process sends it.
      const claimId = `${hostname()}/${process.pid}/${randomUUID()}`;
      const batch = await claimDue(this.db, this.settings.leaseMs, claimId);
      if (batch.length === 0) break;
      // Sent even when stopping: the call is interrupted at once and the delivery handed back.
      await Promise.all(batch.map((delivery) => this.deliver(delivery, claimId)));
      if (this.stopped) break;
    }
    return (await untilNextDue(this.db)) ?? this.settings.pollMs;
  }

  private async deliver(delivery: Claimed, claimId: string): Promise<void> {
    const outcome = await send(delivery, this.settings, this.destination, this.stopping.signal);
    const { gaveUp } = await record(this.db, this.settings, delivery, claimId, outcome);
    if (outcome.delivered || outcome.interrupted) return;
    const about = { delivery: delivery.id, event: delivery.event_id, url: delivery.url, attempt: delivery.attempts, error: outcome.error };
    if (gaveUp) this.log.warn(about, 'webhook delivery failed for good: the retry period has passed');
    else this.log.info(about, 'webhook delivery failed; it will be retried');
  }
}

/** Starts the worker with the server; it stops when the app closes (before the database does). */
export async function startWebhookDelivery(app: FastifyInstance, ctx: Pick<AppContext, 'db' | 'config' | 'log'>): Promise<WebhookDeliveryWorker> {
  const worker = new WebhookDeliveryWorker(ctx.db, ctx.config.webhooks, ctx.log);
  app.addHook('onClose', () => worker.stop());
  await worker.start();
  return worker;
}
