import path from 'node:path';
import { loadConfig, type Config } from '../../server/config';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
export const TMP_ROOT = path.join(REPO_ROOT, '.tmp');
export const TEST_SEED_PRODUCTS = 2000;
/** Every test client shares one address, so the per-process request limits are this many times the shop's. */
export const TEST_RATE_LIMIT_SCALE = '1000';

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    // Webhook receivers in tests listen on this machine, which the shop refuses unless allowed. Every
    // test client is 127.0.0.1: the per-process request limits are raised (not switched off), the
    // lock-outs kept in the database stay as they are.
    ...loadConfig({ LOG_LEVEL: 'warn', WEBHOOK_ALLOWED_HOSTS: '127.0.0.1,::1,localhost', RATE_LIMIT_SCALE: TEST_RATE_LIMIT_SCALE }),
    port: 0,
    host: '127.0.0.1',
    seedProducts: TEST_SEED_PRODUCTS,
    distDir: path.join(REPO_ROOT, 'dist'),
    databaseUrl: undefined,
    ...overrides,
  };
}

/** Set TEST_DATABASE_URL to run the integration suites against a PostgreSQL server. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;
