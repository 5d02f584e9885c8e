import fastifyRateLimit, { normalizeIP, type CreateRateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthClaims } from '../auth/authenticate';
import { LIMIT_SPECS, type LimitTable, type MemoryLimitName } from './limit-table';
import { tooManyRequests } from './too-many-requests';

declare module 'fastify' {
  interface FastifyInstance {
    /** The per-process request limits of limit-table.ts. */
    shopLimits: ShopLimits;
  }
}

export interface ShopLimits {
  /**
   * Counts this request against `name` and throws a 429 (with Retry-After) once the window's figure is
   * used up. For a limit `per: 'account'`, a signed-in customer (`auth`) is counted by account, so
   * shoppers behind one office address do not share a budget; a guest by address.
   */
  enforce(request: FastifyRequest, name: MemoryLimitName, auth?: AuthClaims | null): Promise<void>;
}

/**
 * Clients counted per limit, most recently seen kept. The library's default of 5,000 lets a flood
 * from more addresses push out the counters of those it is counting; this many cost a few MB.
 */
const COUNTERS_KEPT = 50_000;

/** The address as the limiter keys it: `request.ip` (TRUST_PROXY's hops only), IPv6 grouped by its /64. */
export const clientAddress = (request: FastifyRequest) => normalizeIP(request.ip);

const accounts = new WeakMap<FastifyRequest, string>();

export async function installRateLimits(app: FastifyInstance, table: LimitTable): Promise<void> {
  // No global limit: each route asks for the limits of the table it needs (`shopLimits.enforce`).
  await app.register(fastifyRateLimit, { global: false });
  const checks = new Map<MemoryLimitName, ReturnType<FastifyInstance['createRateLimit']>>();
  for (const [name, spec] of Object.entries(LIMIT_SPECS)) {
    if (spec.kind !== 'memory') continue;
    const limit = name as MemoryLimitName;
    const byAccount = (spec.per as string) === 'account';
    const keyGenerator = (request: FastifyRequest) => (byAccount ? (accounts.get(request) ?? clientAddress(request)) : clientAddress(request));
    // `cache` is passed through to the limit's own store (the typings leave it out of this call).
    const options = { max: table[limit].max, timeWindow: table[limit].windowSeconds * 1000, keyGenerator, cache: COUNTERS_KEPT } as CreateRateLimitOptions;
    checks.set(limit, app.createRateLimit(options));
  }
  app.decorate('shopLimits', {
    async enforce(request, name, auth) {
      if (auth) accounts.set(request, `account ${auth.sub}`);
      const check = checks.get(name);
      if (!check) throw new Error(`no request limit named ${name}`);
      const verdict = await check(request);
      if (!verdict.isAllowed && verdict.isExceeded) throw tooManyRequests(verdict.ttlInSeconds);
    },
  } satisfies ShopLimits);
}
