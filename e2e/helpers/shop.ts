import { cp, mkdtemp, rm } from 'node:fs/promises';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { spawnServer, type ServerProcess } from '../../tests/helpers/spawn-server';
import { TEST_SEED_PRODUCTS, TMP_ROOT } from '../../tests/helpers/test-config';

export interface Shop extends ServerProcess {
  close(): Promise<void>;
}

/**
 * The seeded PGlite folder of this run (global setup), when the shop would seed the same catalogue:
 * a folder copy instead of initdb, migrations and 2,000 products on every spec's start.
 */
function seededTemplate(env: Record<string, string>): string | undefined {
  const products = env.SEED_PRODUCTS ?? process.env.SEED_PRODUCTS ?? String(TEST_SEED_PRODUCTS);
  if (env.DATABASE_URL || Number(products) !== TEST_SEED_PRODUCTS) return undefined;
  const template = inject('pgliteTemplate');
  return template && existsSync(template) ? template : undefined;
}

/** The shop as `npm start` runs it (build check included), on a temporary data folder. */
export async function startShop(env: Record<string, string> = {}): Promise<Shop> {
  mkdirSync(TMP_ROOT, { recursive: true });
  const dataDir = await mkdtemp(path.join(TMP_ROOT, 'shop-'));
  const template = seededTemplate(env);
  if (template) await cp(template, dataDir, { recursive: true });
  const server = await spawnServer({ DATA_DIR: dataDir, ...env }, 120_000, 'server/cli/start.js');
  return {
    ...server,
    async close() {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
