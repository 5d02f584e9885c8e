import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { endStreams } from './open-streams';
import { opsState } from './ops-state';

/**
 * Stops serving without dropping work: readiness turns 503, change streams end with a `retry:` hint,
 * the listener stops taking connections, and requests in flight finish (their replies close their
 * connections) for up to `graceMs`; after that the connections still open are cut. Resolves once
 * Fastify has closed, which also runs the onClose hooks (the webhook worker hands its claimed
 * deliveries back); the caller closes the database after it.
 */
export async function closeGracefully(app: FastifyInstance, log: Pick<FastifyBaseLogger, 'info' | 'warn'>, graceMs: number): Promise<void> {
  const started = performance.now();
  opsState(app).phase = 'stopping';
  const streams = endStreams(app);
  const timer = setTimeout(() => {
    log.warn({ graceMs }, 'requests still in flight after the grace period; closing their connections');
    app.server.closeAllConnections();
  }, graceMs);
  try {
    await app.close();
  } finally {
    clearTimeout(timer);
  }
  log.info({ streamsEnded: streams, ms: Math.round(performance.now() - started) }, 'stopped serving');
}
