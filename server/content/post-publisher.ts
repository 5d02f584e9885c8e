import type { FastifyInstance } from 'fastify';
import { LOCKS } from '../db/database';
import { CHANGES_CHANNEL } from '../catalog/catalog-store';
import type { AppContext } from '../context';
import { publishedAtMs } from './shown-content';

/** Looked at again at least this often, whatever the next known date: posts written by other processes are found. */
const RECHECK_MS = 10 * 60_000;

/**
 * A post written before its `published_at` was left out of the replication feed (server/content/
 * shown-content.ts). When that moment comes nothing in the catalogue changes, so this gives such a
 * post a new change number then: the feed sends it, and devices that pulled past it get it. A post
 * is due when it went live after its last write (`updated_at`), so each is renumbered once, by
 * whichever process gets there first (under the catalogue write lock), also after a restart.
 */
export async function publishDuePosts(ctx: Pick<AppContext, 'db'>, nowMs = Date.now()): Promise<{ published: number; nextMs: number | undefined }> {
  return ctx.db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [LOCKS.catalogWrite]);
    const rows = await tx.query<{ id: string; published_at: string | null; written_ms: number | string }>(
      `select id, doc->>'published_at' as published_at, extract(epoch from updated_at) * 1000 as written_ms
       from catalog_documents where entity = 'blog_post' and not deleted`,
    );
    const due: string[] = [];
    let nextMs: number | undefined;
    for (const row of rows) {
      const at = publishedAtMs({ id: row.id, published_at: row.published_at });
      if (at === undefined) continue;
      if (at > nowMs) nextMs = Math.min(nextMs ?? at, at);
      else if (at > Number(row.written_ms)) due.push(row.id);
    }
    if (due.length > 0) {
      await tx.query(
        `update catalog_documents set seq = nextval('catalog_seq'), updated_at = greatest(now(), to_timestamp($2::double precision / 1000))
         where entity = 'blog_post' and id = any($1::text[])`,
        [due, nowMs],
      );
      await tx.query('select pg_notify($1, $2)', [ctx.db.channel(CHANGES_CHANNEL), JSON.stringify({ entities: ['blog_post'] })]);
    }
    return { published: due.length, nextMs };
  });
}

/**
 * Runs `publishDuePosts` at each known publication time, after every change to the blog posts (a
 * new post may be due sooner) and at least every RECHECK_MS, while the app is up.
 */
export function schedulePostPublication(app: FastifyInstance, ctx: Pick<AppContext, 'db' | 'log' | 'catalog'>): void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const run = async () => {
    let wait = RECHECK_MS;
    try {
      const { nextMs } = await publishDuePosts(ctx);
      if (nextMs !== undefined) wait = Math.min(wait, Math.max(0, nextMs - Date.now()) + 50);
    } catch (error) {
      ctx.log.error({ err: error }, 'publishing scheduled blog posts failed; trying again later');
    }
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      running = running.then(run);
    }, wait);
    timer.unref();
  };
  const onChange = (change: { entities: readonly string[] }) => {
    if (!stopped && change.entities.includes('blog_post')) running = running.then(run);
  };
  app.addHook('onReady', async () => {
    ctx.catalog.changes.on('change', onChange);
    running = running.then(run);
  });
  app.addHook('onClose', async () => {
    stopped = true;
    ctx.catalog.changes.off('change', onChange);
    clearTimeout(timer);
    await running;
  });
}
