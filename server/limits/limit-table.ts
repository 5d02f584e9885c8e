/**
 * Every request limit of the shop, in one place. Each is tuned by its environment variable
 * `RATE_LIMIT_<NAME>` (NAME as below in upper snake case): `<max>` or `<max>/<window seconds>`,
 * e.g. `RATE_LIMIT_GUEST_ORDERS=20/600`; a `concurrent` limit takes `<max>` only.
 *
 * Where a limit is counted:
 * - `memory`: in this API process, by `@fastify/rate-limit` (fixed window). Cheap enough to shed a
 *   flood before it reaches the database or a password hash; with several processes each counts
 *   its own, so the effective limit is up to the number of processes times the figure. That is
 *   fine for shedding load, which is also per process.
 * - `database`: the `attempt_throttle` table (server/auth/attempt-throttle.ts), shared by every
 *   process. Kept for the limits that protect one account or one mailbox (the login lock-out, reset
 *   mails per address), which must hold however many processes a guesser spreads over.
 *
 * `per`: `address` is the client address as Fastify computes `request.ip` (only `TRUST_PROXY`'s hops
 * are believed; IPv6 grouped by /64); `account` is the signed-in customer when there is one, else the
 * address. `RATE_LIMIT_SCALE` multiplies every `memory` and `concurrent` figure (tests raise them
 * with it; the lock-outs are left as they are).
 */
export interface LimitRule {
  max: number;
  windowSeconds: number;
}

type Kind = 'memory' | 'database' | 'concurrent';
interface LimitSpec extends LimitRule {
  kind: Kind;
  per: 'address' | 'account' | 'e-mail' | 'recipient';
  routes: string;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

export const LIMIT_SPECS = {
  // Each order takes stock: a script must not be able to sell a SKU out.
  guestOrders: { kind: 'memory', per: 'address', max: 10, windowSeconds: 10 * MINUTE, routes: 'POST /api/order without a token' },
  accountOrders: { kind: 'memory', per: 'account', max: 30, windowSeconds: 10 * MINUTE, routes: 'POST /api/order with a customer token' },
  guestCarts: { kind: 'memory', per: 'address', max: 30, windowSeconds: 10 * MINUTE, routes: 'POST /api/cart/create without a token' },
  // Each change is priced and its id kept (cart_ops): a script must not fill the table.
  cartChanges: { kind: 'memory', per: 'account', max: 300, windowSeconds: 10 * MINUTE, routes: 'POST /api/cart/apply' },
  signUp: { kind: 'memory', per: 'address', max: 10, windowSeconds: HOUR, routes: 'POST /api/user/create' },
  // Every request, before the database: the lock-outs below count the failures.
  login: { kind: 'memory', per: 'address', max: 30, windowSeconds: MINUTE, routes: 'POST /api/user/login' },
  loginFailuresPerAccount: { kind: 'database', per: 'e-mail', max: 5, windowSeconds: 15 * MINUTE, routes: 'POST /api/user/login, change-password' },
  loginFailuresPerAddress: { kind: 'database', per: 'address', max: 20, windowSeconds: 15 * MINUTE, routes: 'POST /api/user/login, change-password' },
  resetRequests: { kind: 'memory', per: 'address', max: 10, windowSeconds: 10 * MINUTE, routes: 'POST /api/user/reset-password' },
  resetMailsPerEmail: { kind: 'database', per: 'e-mail', max: 5, windowSeconds: HOUR, routes: 'POST /api/user/reset-password' },
  resetMailsPerAddress: { kind: 'database', per: 'address', max: 30, windowSeconds: HOUR, routes: 'POST /api/user/reset-password' },
  createPassword: { kind: 'memory', per: 'address', max: 10, windowSeconds: 10 * MINUTE, routes: 'POST /api/user/create-password' },
  orderTracking: { kind: 'memory', per: 'address', max: 30, windowSeconds: MINUTE, routes: 'POST /api/ext/order-tracking' },
  trackingMissesPerAddress: { kind: 'database', per: 'address', max: 30, windowSeconds: 15 * MINUTE, routes: 'POST /api/ext/order-tracking, failed look-ups' },
  // One gate for everything a stranger can send that writes a row or a mail; the database limits below count per kind.
  forms: { kind: 'memory', per: 'address', max: 30, windowSeconds: 10 * MINUTE, routes: 'POST /api/ext/forms/*, mail-service send-email, newsletter, review create' },
  formsPerAddress: { kind: 'database', per: 'address', max: 20, windowSeconds: HOUR, routes: 'POST /api/ext/forms/*' },
  reviewsPerAddress: { kind: 'database', per: 'address', max: 30, windowSeconds: HOUR, routes: 'POST /api/review/create' },
  mailPerAddress: { kind: 'database', per: 'address', max: 20, windowSeconds: HOUR, routes: 'mail-service send-email; send-invoice per customer' },
  mailPerRecipient: { kind: 'database', per: 'recipient', max: 5, windowSeconds: HOUR, routes: 'confirmations and welcome mails to one address' },
  newsletterPerAddress: { kind: 'database', per: 'address', max: 30, windowSeconds: HOUR, routes: 'POST /api/ext/newsletter' },
  graphql: { kind: 'memory', per: 'address', max: 120, windowSeconds: MINUTE, routes: 'GET and POST /graphql' },
  // Only queries the reply cache cannot answer count: a cached reply costs next to nothing.
  uncachedCatalog: { kind: 'memory', per: 'account', max: 300, windowSeconds: MINUTE, routes: 'POST /api/catalog, reply-cache misses' },
  // Counted on the socket, before a request is read (connection-cap.ts); off behind TRUST_PROXY.
  connectionsPerAddress: { kind: 'concurrent', per: 'address', max: 256, windowSeconds: 0, routes: 'every connection, open at once' },
  streamsPerAddress: { kind: 'concurrent', per: 'address', max: 20, windowSeconds: 0, routes: 'GET /api/catalog/stream, open at once' },
  streamsTotal: { kind: 'concurrent', per: 'address', max: 5000, windowSeconds: 0, routes: 'GET /api/catalog/stream, open at once in this process' },
} as const satisfies Record<string, LimitSpec>;

export type LimitName = keyof typeof LIMIT_SPECS;
export type MemoryLimitName = { [K in LimitName]: (typeof LIMIT_SPECS)[K]['kind'] extends 'memory' ? K : never }[LimitName];
export type LimitTable = Record<LimitName, LimitRule>;

export const limitEnvName = (name: LimitName) => `RATE_LIMIT_${name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;

const MAX_WINDOW_SECONDS = 7 * 24 * HOUR;

function parseRule(name: LimitName, raw: string, fallback: LimitRule): LimitRule {
  const concurrent = LIMIT_SPECS[name].kind === 'concurrent';
  const match = (concurrent ? /^(\d{1,9})$/ : /^(\d{1,9})(?:\/(\d{1,9}))?$/).exec(raw.trim());
  const max = Number(match?.[1]);
  const windowSeconds = match?.[2] === undefined ? fallback.windowSeconds : Number(match[2]);
  if (!match || max < 1 || (!concurrent && (windowSeconds < 1 || windowSeconds > MAX_WINDOW_SECONDS))) {
    const shape = concurrent ? 'a whole number of at least 1' : `<max> or <max>/<window seconds> (max at least 1, window 1 to ${MAX_WINDOW_SECONDS})`;
    throw new Error(`${limitEnvName(name)} must be ${shape}, got "${raw}"`);
  }
  return { max, windowSeconds };
}

/** The table with each default replaced by its `RATE_LIMIT_*` variable, then scaled by `RATE_LIMIT_SCALE`. */
export function limitTableFromEnv(env: NodeJS.ProcessEnv): LimitTable {
  const rawScale = env.RATE_LIMIT_SCALE ?? '';
  const scale = rawScale === '' ? 1 : Number(rawScale);
  if (!Number.isInteger(scale) || scale < 1 || scale > 1_000_000) throw new Error(`RATE_LIMIT_SCALE must be a whole number from 1 to 1000000, got "${rawScale}"`);
  const table = {} as LimitTable;
  for (const name of Object.keys(LIMIT_SPECS) as LimitName[]) {
    const spec = LIMIT_SPECS[name];
    const raw = env[limitEnvName(name)];
    const rule = raw === undefined || raw === '' ? { max: spec.max, windowSeconds: spec.windowSeconds } : parseRule(name, raw, spec);
    table[name] = spec.kind === 'database' ? rule : { ...rule, max: rule.max * scale };
  }
  return table;
}
