import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { migrationFiles } from '../db/migrate';
import { defineRoute } from '../http/define-route';
import { envelope } from '../http/envelope';
import { opsState } from './ops-state';
import { notReadyReasons, type ReadinessFacts } from './readiness';

/** A database slower than this to answer one small read counts as not answering. */
const DATABASE_CHECK_MS = 2000;

async function databaseFacts(ctx: Pick<AppContext, 'db'>): Promise<ReadinessFacts['database']> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no reply within ${DATABASE_CHECK_MS} ms`)), DATABASE_CHECK_MS);
  });
  try {
    const rows = await Promise.race([ctx.db.query<{ name: string }>('select name from schema_migrations'), late]);
    return { applied: rows.map((r) => r.name) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /api/ready, for a load balancer or an orchestrator: 200 when this process can serve, 503 with the
 * reasons while it starts, stops, or cannot reach a fully migrated database. /api/health stays the
 * liveness check (the process answers at all), so a database outage does not get the process restarted.
 */
export function registerReadyRoute(app: FastifyInstance, ctx: AppContext): void {
  let migrations: Promise<string[]> | undefined;
  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/ready',
    summary: 'Readiness: 200 when this process can serve (database answering, migrations applied, catalogue loaded), else 503 with the reasons',
    tags: ['meta'],
    handler: async () => {
      migrations ??= migrationFiles();
      const reasons = notReadyReasons({ phase: opsState(app).phase, catalogLoaded: ctx.catalog.loaded, database: await databaseFacts(ctx), migrations: await migrations });
      const about = { catalogSeq: ctx.catalog.seq, pid: process.pid };
      return reasons.length === 0 ? { status: 'ready', ...about } : envelope({ status: 'not ready', reasons, ...about }, 503);
    },
  });
}
