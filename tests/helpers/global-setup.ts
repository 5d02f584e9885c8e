import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { seedIfEmpty } from '../../server/catalog/seed-catalog';
import { migrate } from '../../server/db/migrate';
import { openDatabase } from '../../server/db/open-database';
import { loadSecrets } from '../../server/secrets';
import { TEST_SEED_PRODUCTS, TMP_ROOT, testDatabaseUrl } from './test-config';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Seeded PGlite data folder of this run ('' when the suites run on PostgreSQL). */
    pgliteTemplate: string;
  }
}

/**
 * Builds the seeded PGlite template once per run: initdb and seeding cost seconds, a folder copy
 * does not. Each run gets its own folder, so runs started side by side never share one.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await mkdir(TMP_ROOT, { recursive: true });
  if (testDatabaseUrl) {
    project.provide('pgliteTemplate', ''); // each PostgreSQL test server migrates and seeds its own schema
    return async () => undefined;
  }
  const template = await mkdtemp(path.join(TMP_ROOT, 'template-'));
  const db = await openDatabase({ databaseUrl: undefined, databaseSchema: 'public', dataDir: template });
  try {
    await migrate(db);
    await loadSecrets(db, { authSecret: undefined });
    await seedIfEmpty(db, TEST_SEED_PRODUCTS);
  } finally {
    await db.close();
  }
  project.provide('pgliteTemplate', template);
  return () => rm(template, { recursive: true, force: true });
}
