import type { ServerOptions } from 'node:http';
import type { Config } from '../config';

/**
 * Node's own limits on slow requests: the headers must arrive within `headersTimeoutMs` and the
 * whole request within `requestTimeoutMs` (set through Fastify's `requestTimeout`), else the client
 * gets a 408 (server/http/error-handler.ts) and its connection is closed. Node looks for late
 * requests every `connectionsCheckingInterval` (30 s by default, which would let a short time-out
 * run up to 30 s over): here a quarter of the headers time-out, between 250 ms and 5 s.
 */
export function slowClientOptions(config: Pick<Config, 'headersTimeoutMs' | 'requestTimeoutMs'>): ServerOptions {
  // Node refuses a headers time-out longer than the request time-out.
  const headersTimeout = Math.min(config.headersTimeoutMs, config.requestTimeoutMs);
  return { headersTimeout, connectionsCheckingInterval: Math.min(5_000, Math.max(250, Math.floor(headersTimeout / 4))) };
}
