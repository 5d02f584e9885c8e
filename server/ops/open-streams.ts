import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { opsState } from './ops-state';

/**
 * How long a client waits before reconnecting a change stream ended by a shutdown. Short: with several
 * processes another one answers at once, and a restarted single process is back within seconds (the
 * stream client keeps retrying at this pace until it is).
 */
export const SHUTDOWN_RETRY_MS = 1000;

function endWithRetryHint(res: ServerResponse): void {
  if (res.writableEnded || res.destroyed) return;
  // The stream was sent as keep-alive: its connection is closed after the last bytes, or the stopping
  // server would wait for it until the grace period ran out.
  const socket = res.socket;
  res.end(`: the server is restarting\nretry: ${SHUTDOWN_RETRY_MS}\n\n`, () => socket?.end());
}

/**
 * Counts an open change stream and ends it on shutdown; returns what forgets it when it closes. A
 * stream opened while the process is already stopping is ended at once, with the same hint.
 */
export function keepStream(app: FastifyInstance, res: ServerResponse): () => void {
  const state = opsState(app);
  if (state.phase === 'stopping') {
    endWithRetryHint(res);
    return () => undefined;
  }
  state.streams.add(res);
  return () => state.streams.delete(res);
}

/** Ends every open change stream with a `retry:` hint; returns how many there were. */
export function endStreams(app: FastifyInstance): number {
  const { streams } = opsState(app);
  const count = streams.size;
  for (const res of streams) endWithRetryHint(res);
  streams.clear();
  return count;
}
