import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseCatalogImport } from '../../schemas/catalog/catalog-import';
import { loadConfig } from '../config';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open-database';
import { LOCAL_SERVER_FILE } from '../start-server';
import { writeCatalogSections } from '../catalog/write-catalog';

/**
 * `npm run catalog:import -- FILE.json`: upserts products, categories, attributes and content.
 * On PostgreSQL it writes directly and every API process hears the change. The embedded database
 * can be opened by one process only, so when the shop is running the file goes through its API.
 */
async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file) throw new Error('Usage: npm run catalog:import -- FILE.json');
  const text = await readFile(path.resolve(file), 'utf8');
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
  const parsed = parseCatalogImport(input);
  if (!parsed.ok) throw new Error(`${file}: ${parsed.message}`);

  const config = loadConfig();
  const localServer = path.join(config.dataDir, LOCAL_SERVER_FILE);
  if (!config.databaseUrl && existsSync(localServer)) {
    const { url, adminToken } = JSON.parse(await readFile(localServer, 'utf8')) as { url: string; adminToken: string };
    const response = await fetch(`${url}/api/catalog/import`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-admin-token': adminToken }, body: text }).catch(() => undefined);
    if (response) {
      const reply = (await response.json()) as { code: number; result: unknown };
      if (reply.code !== 200) throw new Error(`The running shop refused the import: ${JSON.stringify(reply.result)}`);
      console.log('Imported through the running shop:', JSON.stringify(reply.result));
      return;
    }
    console.log(`No shop answers at ${url}; importing into the database directly.`);
  }
  const db = await openDatabase(config);
  try {
    await migrate(db);
    const counts = await db.transaction((tx) => writeCatalogSections(tx, db, parsed.value, { stampUpdatedAt: new Date() }));
    console.log('Imported:', JSON.stringify(counts));
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
