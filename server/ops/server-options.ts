import { requestIdOptions } from './request-id';

/** The Fastify options request ids need. */
export const opsServerOptions = {
  ...requestIdOptions,
} as const;
