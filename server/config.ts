import { availableParallelism } from 'node:os';
import path from 'node:path';
import { DEFAULT_REPLY_CACHE_BYTES } from './catalog/reply-cache';
import { webhookSettingsFromEnv, type WebhookSettings } from './webhooks/webhook-settings';
import { limitTableFromEnv, type LimitTable } from './limits/limit-table';

/** Runtime configuration, read once from the environment with safe defaults. */
export interface Config {
  port: number;
  host: string;
  /** Folder for the embedded database, image cache and the local server file. */
  dataDir: string;
  /** When set, PostgreSQL is used instead of the embedded PGlite. */
  databaseUrl: string | undefined;
  /** PostgreSQL schema to work in (lets tests and several shops share one database). */
  databaseSchema: string;
  /** Number of demo products generated on the first start. */
  seedProducts: number;
  /** API processes on PostgreSQL (`WEB_CONCURRENCY`, default one per core); the embedded database runs one. */
  webConcurrency: number;
  /** Cap of the catalogue reply cache in bytes, per process (`REPLY_CACHE_MB`, default 64). */
  replyCacheBytes: number;
  /** Cap of the rendered image cache on disk in bytes (`IMAGE_CACHE_MB`, default 512); least recently used files go first. */
  imageCacheBytes: number;
  /** Folder with the built web app (served at `/`). */
  distDir: string;
  /** Access token lifetime in seconds: short, refresh tokens carry the session. */
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** Absolute lifetime of a session in seconds from its login (`SESSION_MAX_AGE`, 30 days): refreshes never carry it further. */
  sessionMaxAgeSeconds: number;
  /** Fixed secret for signing tokens; generated and kept in the database when not given. */
  authSecret: string | undefined;
  /** SMTP relay for outgoing mail; mail stays in the outbox table only when unset. */
  smtpUrl: string | undefined;
  mailFrom: string;
  shopEmail: string;
  /** Public base URL of the storefront, used in links inside mails. */
  publicUrl: string;
  logLevel: string;
  /**
   * Which proxies may set X-Forwarded-For/-Proto (Fastify's trustProxy: false, true, or a comma
   * list of addresses/subnets). Off by default, so per-address limits cannot be dodged with a forged header.
   */
  trustProxy: boolean | string;
  /** A managed sku at or below this many after an order sends the `stock.low` webhook (`STOCK_LOW_THRESHOLD`, 5). */
  stockLowThreshold: number;
  /**
   * Orders whose goods come to at least this much excluding VAT, in pence, are delivered free
   * (`FREE_DELIVERY_FROM` in pounds, e.g. 60); unset, every order pays the courier flat rate (SPEC §3).
   */
  freeDeliveryFromPence: number | null;
  webhooks: WebhookSettings;
  /** Request limits (`RATE_LIMIT_*`, server/limits/limit-table.ts). */
  limits: LimitTable;
  /**
   * How long a 429 is held before it is sent (`RATE_LIMIT_HOLD_MS`, 1000; 0 sends at once), never
   * longer than its Retry-After: a script that retries the moment it is refused is slowed to about one
   * request per hold (server/limits/refusal-hold.ts).
   */
  refusalHoldMs: number;
  /**
   * Time a client has to send its request line and headers (`HEADERS_TIMEOUT`, 20 s) and its whole
   * request with the body (`REQUEST_TIMEOUT`, 120 s: a 200 MB catalogue import at about 2 MB/s), in ms.
   * A client slower than that (slow-loris) gets a 408 and loses its connection. Replies, such as the
   * change stream, are not bound by them.
   */
  headersTimeoutMs: number;
  requestTimeoutMs: number;
}

const MB = 1024 * 1024;

function trustProxyFromEnv(raw: string | undefined): boolean | string {
  if (raw === undefined || raw === '' || raw === 'false') return false;
  return raw === 'true' ? true : raw;
}

function intFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be a whole number between ${min} and ${max}, got "${raw}"`);
  }
  return value;
}

/** An amount in pounds (at most 2 decimals, above 0) as whole pence; unset or empty is null. */
function poundsFromEnv(env: NodeJS.ProcessEnv, name: string): number | null {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return null;
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(raw.trim()) || Number(raw) <= 0) throw new Error(`${name} must be an amount in pounds above 0 with at most 2 decimals, got "${raw}"`);
  return Math.round(Number(raw) * 100);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = intFromEnv(env, 'PORT', 3000, 0, 65535);
  const schema = env.DATABASE_SCHEMA ?? 'public';
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`DATABASE_SCHEMA must be a plain lower-case identifier, got "${schema}"`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseSchema: schema,
    seedProducts: intFromEnv(env, 'SEED_PRODUCTS', 2000, 0, 200_000),
    webConcurrency: intFromEnv(env, 'WEB_CONCURRENCY', availableParallelism(), 1, 256),
    replyCacheBytes: intFromEnv(env, 'REPLY_CACHE_MB', DEFAULT_REPLY_CACHE_BYTES / MB, 1, 65_536) * MB,
    imageCacheBytes: intFromEnv(env, 'IMAGE_CACHE_MB', 512, 1, 1_048_576) * MB,
    distDir: path.resolve(env.DIST_DIR || './dist'),
    accessTokenTtlSeconds: intFromEnv(env, 'ACCESS_TOKEN_TTL', 900, 1, 86_400),
    refreshTokenTtlSeconds: intFromEnv(env, 'REFRESH_TOKEN_TTL', 30 * 86_400, 60, 365 * 86_400),
    sessionMaxAgeSeconds: intFromEnv(env, 'SESSION_MAX_AGE', 30 * 86_400, 60, 365 * 86_400),
    authSecret: env.AUTH_SECRET || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Fixings Direct <shop@fixings.example>',
    shopEmail: env.SHOP_EMAIL ?? 'orders@fixings.example',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: trustProxyFromEnv(env.TRUST_PROXY),
    stockLowThreshold: intFromEnv(env, 'STOCK_LOW_THRESHOLD', 5, 0, 1_000_000),
    freeDeliveryFromPence: poundsFromEnv(env, 'FREE_DELIVERY_FROM'),
    webhooks: webhookSettingsFromEnv((name, fallback, min, max) => intFromEnv(env, name, fallback, min, max), env.WEBHOOK_ALLOWED_HOSTS),
    limits: limitTableFromEnv(env),
    refusalHoldMs: intFromEnv(env, 'RATE_LIMIT_HOLD_MS', 1000, 0, 60_000),
    headersTimeoutMs: intFromEnv(env, 'HEADERS_TIMEOUT', 20, 1, 3600) * 1000,
    requestTimeoutMs: intFromEnv(env, 'REQUEST_TIMEOUT', 120, 1, 86_400) * 1000,
  };
}
