import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../../server/start-server';
import { TMP_ROOT, testConfig, testDatabaseUrl } from '../helpers/test-config';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe.skipIf(Boolean(testDatabaseUrl))('a fresh data folder', () => {
  it('is migrated and seeded on the first start only; a restart keeps the data and adds none', async () => {
    const dataDir = await mkdtemp(path.join(TMP_ROOT, 'fresh-'));
    dirs.push(dataDir);
    const config = testConfig({ dataDir, seedProducts: 150 });
    const count = "select entity, count(*)::int as n from catalog_documents group by entity order by entity";

    const first = await startServer(config);
    const before = await first.ctx.db.query(count);
    await first.ctx.db.query("insert into meta (key, value) values ('restart-probe', '1'::jsonb)");
    expect(first.timings).toHaveProperty('seed');
    await first.close();

    const second = await startServer(config);
    try {
      expect(second.timings).not.toHaveProperty('seed');
      expect(await second.ctx.db.query(count)).toEqual(before);
      expect(await second.ctx.db.query("select key from meta where key = 'restart-probe'")).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});
