import { randomBytes } from 'node:crypto';
import cluster from 'node:cluster';
import { processPlan } from './cluster/process-plan';
import { serveClusterMetrics } from './cluster/cluster-metrics';
import { primaryLog } from './cluster/primary-log';
import { READY_MESSAGE, superviseWorkers } from './cluster/supervise-workers';
import { loadConfig, type Config } from './config';
import { opsConfig } from './ops/ops-config';
import { stopOnSignals } from './ops/stop-on-signals';

/** One API process: serves until SIGTERM or SIGINT, then finishes its requests and closes. */
async function serve(config: Config, notice?: { level: 'info' | 'warn'; message: string }): Promise<void> {
  const started = performance.now();
  // Loaded here, not at the top: the supervisor of several API processes serves nothing, and loading
  // the whole server there (about 2 s of CPU at start-up) would delay forking the processes that do.
  const { startServer } = await import('./start-server');
  const server = await startServer(config);
  server.app.log.info({ url: server.url, database: server.ctx.db.kind, catalog: server.ctx.catalog.loadedFrom, timings: server.timings, totalMs: Math.round(performance.now() - started) }, 'shop is ready');
  if (notice) server.app.log[notice.level](notice.message);
  if (cluster.isWorker) process.send?.(READY_MESSAGE);

  stopOnSignals(async (signal) => {
    server.app.log.info({ signal }, 'shutting down');
    await server.close();
  });
}

// From the build (`npm start`), stack traces in the logs name the TypeScript sources: every chunk has its source map.
process.setSourceMapsEnabled(true);
const config = loadConfig();
const plan = cluster.isPrimary ? processPlan(config, Boolean(process.env.WEB_CONCURRENCY)) : { processes: 1 };
if (plan.processes > 1) {
  // Every process must take the same owner token; one generated per process would answer only there.
  const adminToken = process.env.ADMIN_TOKEN || randomBytes(24).toString('base64url');
  const { shutdownGraceMs, metricsPort } = opsConfig();
  const log = primaryLog(config.logLevel);
  // Each process has the grace period to finish its requests, and a little more to close its database.
  superviseWorkers({ processes: plan.processes, exec: import.meta.filename, env: { ADMIN_TOKEN: adminToken }, log, stopTimeoutMs: shutdownGraceMs + 5000 });
  if (metricsPort !== undefined) await serveClusterMetrics(metricsPort, config.host, log);
} else {
  await serve(config, plan.notice);
}
