import type { FastifyInstance } from 'fastify';
import { opsState } from './ops-state';

/**
 * While the process stops, every reply closes its connection: a keep-alive connection left open would
 * keep the server from closing until the grace period ran out, and the client's next request belongs
 * on a process that is staying.
 */
export function installDraining(app: FastifyInstance): void {
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (opsState(app).phase === 'stopping') reply.header('connection', 'close');
    done(null, payload);
  });
}
