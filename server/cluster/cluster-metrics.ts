import type { PrimaryLog } from './primary-log';
import { serveMetricsPort } from '../ops/metrics-port';

/**
 * METRICS_PORT with several API processes: the supervisor answers GET /metrics with every process's
 * metrics, asked over the cluster's IPC (prom-client's AggregatorRegistry). Series keep their pid and
 * worker labels, so each process stays visible; sum them in the query for shop-wide rates. The
 * database counts (orders, webhook deliveries, mail outbox) are the same in every process: take max.
 */
export async function serveClusterMetrics(port: number, host: string, log: PrimaryLog): Promise<void> {
  // Loaded only here: the supervisor loads nothing it does not need before forking.
  const { AggregatorRegistry } = await import('prom-client');
  const aggregator = new AggregatorRegistry();
  const read = async () => ({ text: await aggregator.clusterMetrics(), contentType: aggregator.contentType });
  await serveMetricsPort(port, host, read, (error) => log.error({ err: error instanceof Error ? error.message : String(error) }, 'cluster metrics could not be read'));
  log.info({ port }, 'serving the metrics of every API process');
}
