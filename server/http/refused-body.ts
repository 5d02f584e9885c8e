import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * How much of a refused body the server reads and throws away so that its client gets the refusal.
 * Past it (or when the body announces more) the connection is cut, as before.
 */
export const DRAIN_LIMIT_BYTES = 32 * 1024 * 1024;

/** Sockets still reading a refused body: a time-out there must not write a second reply (a 408) after the first. */
const draining = new WeakSet<Socket>();

export function isDrainingRefusedBody(socket: unknown): boolean {
  return draining.has(socket as Socket);
}

/**
 * Fastify answers a body it refuses before reading it (413, a bad length) with `connection: close`.
 * Node then closes the socket while the client is still sending, the kernel answers the unread bytes
 * with a reset, and a client that has not read the reply yet (Node's fetch) reports EPIPE instead of
 * the status. Keeping the connection and letting Node discard the rest of the body (what it does
 * after any reply that left the body unread) lets the reply arrive; the drain is bounded by
 * DRAIN_LIMIT_BYTES and by the request time-out.
 */
export function drainRefusedBody(request: FastifyRequest, reply: FastifyReply): void {
  const raw = request.raw;
  if (raw.complete || reply.getHeader('connection') !== 'close') return;
  const declared = Number(raw.headers['content-length']);
  if (declared > DRAIN_LIMIT_BYTES) return;
  reply.removeHeader('connection');
  const socket = raw.socket;
  draining.add(socket);
  let drained = 0;
  // Registered after Node's own 'finish' listener, which switches the request to discarding its data.
  reply.raw.once('finish', () => {
    if (raw.complete) return draining.delete(socket);
    raw.on('data', (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > DRAIN_LIMIT_BYTES) socket.destroy();
    });
    raw.once('end', () => draining.delete(socket));
  });
}
