import type { FastifyReply } from 'fastify';
import { envelope, type Envelope } from './envelope';

/**
 * "The same request is still being processed": 409 with `meta.idempotency: 'in-progress'` and
 * `Retry-After: 1`. The client takes exactly this as an unknown outcome and retries with the same
 * key (DESIGN "Faults and exactly-once"), so it never counts as a refusal.
 */
export function inProgressReply(reply: FastifyReply, message: string): Envelope<string> {
  void reply.header('retry-after', '1');
  return envelope(message, 409, { idempotency: 'in-progress' });
}
