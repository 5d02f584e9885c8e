import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { spawnServer, type ServerProcess } from '../../tests/helpers/spawn-server';
import { TMP_ROOT } from '../../tests/helpers/test-config';
import { mkdirSync } from 'node:fs';

export interface Shop extends ServerProcess {
  close(): Promise<void>;
}

/** The shop as `npm start` runs it (build check included), on a temporary data folder. */
export async function startShop(env: Record<string, string> = {}): Promise<Shop> {
  mkdirSync(TMP_ROOT, { recursive: true });
  const dataDir = await mkdtemp(path.join(TMP_ROOT, 'shop-'));
  const server = await spawnServer({ DATA_DIR: dataDir, ...env }, 120_000, 'server/cli/start.js');
  return {
    ...server,
    async close() {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
