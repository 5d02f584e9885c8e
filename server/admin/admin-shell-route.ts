import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, onSendHookHandler } from 'fastify';
import type { AppContext } from '../context';
import { envelope, sendEnvelope } from '../http/envelope';

/** The back-office's page: its own entry of the build (admin.html), never the shop's shell. */
export const ADMIN_SHELL_FILE = 'admin.html';

/**
 * Headers of the back-office page. It holds no shop data (the app signs in and reads the admin API),
 * but it is never kept by a shared cache or the page cache, and never indexed. The camera is allowed
 * here only, for scanning barcodes (the shop's policy switches it off everywhere else).
 */
export const ADMIN_SHELL_HEADERS = {
  'cache-control': 'no-store',
  'x-robots-tag': 'noindex, nofollow',
} as const;
const ADMIN_PERMISSIONS = 'camera=(self), microphone=(), geolocation=()';

/**
 * `/admin` and every path below it answer with the built admin.html as it is on disk (a rebuild
 * while the server runs is served at once), never server-rendered: the app routes the path itself.
 */
export function registerAdminShellRoute(app: FastifyInstance, ctx: AppContext): void {
  const file = path.join(ctx.config.distDir, ADMIN_SHELL_FILE);
  const handler = async (_request: unknown, reply: FastifyReply) => {
    let html: Buffer;
    try {
      html = await readFile(file);
    } catch {
      return sendEnvelope(reply, envelope('The back-office is not built: run npm run build', 404));
    }
    return reply.headers(ADMIN_SHELL_HEADERS).type('text/html; charset=utf-8').send(html);
  };
  const onSend: onSendHookHandler = (_request, reply, payload, done) => {
    // Route hooks run after the app's, so this replaces the shop-wide policy for this page only.
    reply.header('permissions-policy', ADMIN_PERMISSIONS);
    done(null, payload);
  };
  for (const url of ['/admin', '/admin/*']) app.get(url, { onSend }, handler);
}
