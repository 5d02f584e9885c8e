import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { SNAPSHOT_FILE } from './catalog/catalog-snapshot';
import { CatalogService } from './catalog/catalog-service';
import { seedIfEmpty } from './catalog/seed-catalog';
import type { Config } from './config';
import type { AppContext } from './context';
import { migrate } from './db/migrate';
import { openDatabase } from './db/open-database';
import { releaseAbandonedClaims } from './http/idempotency-store';
import { closeGracefully } from './ops/graceful-close';
import { startMetricsPort } from './ops/metrics-route';
import { opsConfig } from './ops/ops-config';
import { opsState } from './ops/ops-state';
import { loadSecrets } from './secrets';
import { startWebhookDelivery } from './webhooks/webhook-delivery';

export interface RunningServer {
  app: FastifyInstance;
  ctx: AppContext;
  url: string;
  /** Milliseconds spent in each start-up phase. */
  timings: Record<string, number>;
  close(): Promise<void>;
}

/** The file the catalogue import command reads to reach a running embedded-database server. */
export const LOCAL_SERVER_FILE = 'server.json';

export async function startServer(config: Config): Promise<RunningServer> {
  const { shutdownGraceMs } = opsConfig();
  const timings: Record<string, number> = {};
  let mark = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = Math.round(now - mark);
    mark = now;
  };
  const db = await openDatabase(config);
  lap('openDatabase');
  await migrate(db);
  lap('migrate');
  // Several processes share a PostgreSQL database, so there an abandoned claim waits for its lease.
  if (db.kind === 'pglite') await releaseAbandonedClaims(db);
  const secrets = await loadSecrets(db, config);
  const seeded = await seedIfEmpty(db, config.seedProducts);
  lap(seeded ? 'seed' : 'seedCheck');
  // CATALOG_SNAPSHOT=off: every start reads the catalogue from the database, and no snapshot is written.
  const snapshot = process.env.CATALOG_SNAPSHOT === 'off' ? undefined : { file: path.join(config.dataDir, SNAPSHOT_FILE) };
  const catalog = new CatalogService(db, snapshot);
  catalog.replies.limit(config.replyCacheBytes);
  const adminToken = process.env.ADMIN_TOKEN || randomBytes(24).toString('base64url');
  const { app, ctx } = await buildApp({ config, db, secrets, catalog, adminToken });
  catalog.log = app.log;
  await catalog.start();
  lap('catalogIndex');
  await startWebhookDelivery(app, ctx);
  opsState(app).phase = 'serving';
  await app.listen({ port: config.port, host: config.host });
  lap('listen');
  const closeMetricsPort = await startMetricsPort(app, config.host, app.log);
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://127.0.0.1:${port}`;
  const localFile = path.join(config.dataDir, LOCAL_SERVER_FILE);
  if (db.kind === 'pglite') await writeFile(localFile, JSON.stringify({ pid: process.pid, url, adminToken }), { mode: 0o600 });

  let closing: Promise<void> | undefined;
  return {
    app,
    ctx,
    url,
    timings,
    close: () =>
      (closing ??= (async () => {
        await closeGracefully(app, app.log, shutdownGraceMs);
        await closeMetricsPort?.();
        await catalog.stop();
        await db.close();
        if (db.kind === 'pglite') await rm(localFile, { force: true });
      })()),
  };
}
