import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** Where a process is in its life: readiness answers 200 only while `serving`. */
export type Phase = 'starting' | 'serving' | 'stopping';

/** Hits and misses of the server-rendered page cache (server/render/output-cache.ts). */
export interface CountedCache {
  hits: number;
  misses: number;
  readonly size: number;
}

/** What readiness, metrics and shutdown share about one app. */
export interface OpsState {
  phase: Phase;
  /** Open change streams (hijacked replies Fastify does not track), ended on shutdown. */
  streams: Set<ServerResponse>;
  pageCache?: CountedCache;
}

// Keyed by the app, not a module-wide value: tests run several servers in one process.
const states = new WeakMap<FastifyInstance, OpsState>();

export function opsState(app: FastifyInstance): OpsState {
  let state = states.get(app);
  if (!state) {
    state = { phase: 'starting', streams: new Set() };
    states.set(app, state);
  }
  return state;
}

/** The page cache is made inside the page responder; it reports itself here for the metrics. */
export function reportPageCache(app: FastifyInstance, cache: CountedCache): void {
  opsState(app).pageCache = cache;
}
