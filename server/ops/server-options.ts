import { requestIdOptions } from './request-id';

/** The Fastify options request ids and a graceful shutdown need. */
export const opsServerOptions = {
  ...requestIdOptions,
  // A request that arrives on an open connection while the process stops is served (its reply closes
  // the connection, see draining.ts) instead of getting Fastify's bare 503 without our envelope: it was
  // already on its way, and the process waits for requests in flight anyway.
  return503OnClosing: false,
} as const;
