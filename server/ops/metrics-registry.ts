import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AppContext } from '../context';
import { opsState } from './ops-state';

/** Request latencies from 5 ms (a cached catalogue reply) to 10 s (a stuck request). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const ratio = (hits: number, misses: number) => (hits + misses === 0 ? 0 : hits / (hits + misses));

/** A counter whose total is read from elsewhere at scrape time (a cache's own count). */
function readCounter(registry: Registry, name: string, help: string, read: () => number): void {
  new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      this.reset();
      this.inc(read());
    },
  });
}

function gauge(registry: Registry, name: string, help: string, read: () => number | Promise<number>): void {
  new Gauge({
    name,
    help,
    registers: [registry],
    async collect() {
      this.set(await read());
    },
  });
}

/** Requests by route pattern (not path: a bounded set of series), method and status, with their latency. */
function requestMetrics(app: FastifyInstance, registry: Registry): void {
  const labelNames = ['method', 'route', 'status'] as const;
  const total = new Counter({ name: 'http_requests_total', help: 'Requests answered, by method, route pattern and status', labelNames, registers: [registry] });
  const seconds = new Histogram({ name: 'http_request_duration_seconds', help: 'Time from the request to the end of its reply', labelNames, buckets: LATENCY_BUCKETS, registers: [registry] });
  app.addHook('onResponse', (request, reply, done) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
    total.inc(labels);
    seconds.observe(labels, reply.elapsedTime / 1000);
    done();
  });
}

/** Counts kept in the database, read when scraped: no route pays for them. */
function databaseMetrics(ctx: Pick<AppContext, 'db'>, registry: Registry): void {
  new Gauge({
    name: 'shop_orders',
    help: 'Orders stored, by status (the same figure in every process on one database)',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const rows = await ctx.db.query<{ status: string; n: number }>('select status, count(*)::int as n from orders group by status');
      this.reset();
      for (const row of rows) this.set({ status: row.status }, row.n);
    },
  });
  new Gauge({
    name: 'shop_webhook_deliveries',
    help: 'Webhook deliveries not delivered: pending (due or being retried) and failed for good',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const [row] = await ctx.db.query<{ pending: number; failed: number }>(
        'select count(*) filter (where delivered_at is null and failed_at is null)::int as pending, count(*) filter (where failed_at is not null)::int as failed from webhook_deliveries',
      );
      this.set({ state: 'pending' }, row?.pending ?? 0);
      this.set({ state: 'failed' }, row?.failed ?? 0);
    },
  });
  new Gauge({
    name: 'shop_mail_outbox',
    help: 'Mails not sent: unsent (all of them when no SMTP relay is configured) and, of those, failing (the relay refused or did not answer)',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const [row] = await ctx.db.query<{ unsent: number; failing: number }>(
        'select count(*)::int as unsent, count(*) filter (where error is not null)::int as failing from mail_outbox where sent_at is null',
      );
      this.set({ state: 'unsent' }, row?.unsent ?? 0);
      this.set({ state: 'failing' }, row?.failing ?? 0);
    },
  });
}

/** This process's caches and catalogue. */
function processMetrics(app: FastifyInstance, ctx: Pick<AppContext, 'catalog'>, registry: Registry): void {
  const state = opsState(app);
  gauge(registry, 'shop_change_streams', 'Open change streams (GET /api/catalog/stream) on this process', () => state.streams.size);
  gauge(registry, 'shop_catalog_seq', 'The last catalogue change this process has applied', () => ctx.catalog.seq);
  readCounter(registry, 'shop_reply_cache_hits_total', 'Catalogue queries answered from the reply cache', () => ctx.catalog.replies.stats().hits);
  readCounter(registry, 'shop_reply_cache_misses_total', 'Catalogue queries the reply cache did not hold', () => ctx.catalog.replies.stats().misses);
  gauge(registry, 'shop_reply_cache_hit_ratio', 'Reply cache hits / (hits + misses) since the process started', () => {
    const { hits, misses } = ctx.catalog.replies.stats();
    return ratio(hits, misses);
  });
  readCounter(registry, 'shop_page_cache_hits_total', 'Server-rendered pages answered from the page cache', () => state.pageCache?.hits ?? 0);
  readCounter(registry, 'shop_page_cache_misses_total', 'Server-rendered pages the page cache did not hold', () => state.pageCache?.misses ?? 0);
  gauge(registry, 'shop_page_cache_hit_ratio', 'Page cache hits / (hits + misses) since the process started', () => ratio(state.pageCache?.hits ?? 0, state.pageCache?.misses ?? 0));
}

/**
 * This process's metrics, labelled with its pid and cluster worker number (0: not a worker), plus
 * Node's own (event-loop delay, memory, CPU, handles). Its own registry, not prom-client's global
 * one, so tests running several servers in one process keep them apart. In a cluster worker, the
 * supervisor's aggregated METRICS_PORT asks this registry over IPC.
 */
export function createMetricsRegistry(app: FastifyInstance, ctx: Pick<AppContext, 'db' | 'catalog'>): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ pid: String(process.pid), worker: String(cluster.worker?.id ?? 0) });
  collectDefaultMetrics({ register: registry });
  requestMetrics(app, registry);
  databaseMetrics(ctx, registry);
  processMetrics(app, ctx, registry);
  if (cluster.isWorker) {
    // Constructing one is what makes prom-client answer the supervisor's requests in a worker.
    new AggregatorRegistry();
    AggregatorRegistry.setRegistries([registry]);
  }
  return registry;
}
