import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { BACKUP_ROUTE, packBackup, PG_DUMP_ADVICE } from '../db/backup-file';
import { ApiError } from '../http/api-error';
import { registerOperation } from '../http/openapi';
import { ownerOnly } from '../http/owner-only';

export const BACKUP_REFUSED = 'A backup needs an admin token with the backup scope';
export const BACKUP_CONTENT_TYPE = 'application/vnd.fixings-shop.backup';
export const BACKUP_UNDER_WAY = 'A backup is already being made; try again when it has finished';

/**
 * `GET /api/admin/backup`: a consistent copy of the embedded database while the shop serves
 * (`npm run db:backup` calls it). Its own scope: a backup holds everything (customers' password
 * digests, the signing secret, every order), more than any other scope may read. One at a time: each
 * holds the data folder in memory while it is compressed and sent.
 */
export function registerBackupRoutes(app: FastifyInstance, ctx: AppContext): void {
  let underWay = false;
  ownerOnly(app, ctx, BACKUP_ROUTE, BACKUP_REFUSED, () => 'backup');
  // Not the {code, result} envelope on success, so a route of its own, documented here.
  registerOperation({
    method: 'GET',
    url: BACKUP_ROUTE,
    summary:
      'A backup of the embedded database (admin token with the backup scope): a header line of JSON, then the data folder as a gzipped tarball (see npm run db:backup). Orders wait while the folder is copied, not while it is compressed and sent. 409 on PostgreSQL (use pg_dump) or while another backup is made',
    tags: ['admin'],
    auth: 'admin',
    rawReply: BACKUP_CONTENT_TYPE,
  });
  app.get(BACKUP_ROUTE, async (request, reply) => {
    if (!ctx.db.dumpDataDir) throw new ApiError(409, PG_DUMP_ADVICE);
    if (underWay) throw new ApiError(409, BACKUP_UNDER_WAY);
    underWay = true;
    try {
      const started = performance.now();
      const tar = await ctx.db.dumpDataDir();
      const pausedMs = Math.round(performance.now() - started);
      const backup = await packBackup(tar);
      request.log.info({ pausedMs, bytes: backup.size, totalMs: Math.round(performance.now() - started) }, 'backup taken');
      const name = `fixings-shop-${backup.header.created_at.replace(/[:.]/g, '-')}.backup`;
      // Awaiting the reply waits until the last byte is sent, so `underWay` covers the sending too.
      // A type of its own: the compression plugin would gzip application/octet-stream again, which
      // costs the shop a core for nothing and drops the length the command's progress shows.
      await reply
        .type(BACKUP_CONTENT_TYPE)
        .header('content-length', backup.size)
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .header('x-backup-paused-ms', pausedMs)
        .send(Readable.from(backup.parts));
      return reply;
    } finally {
      underWay = false;
    }
  });
}
