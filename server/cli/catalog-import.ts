import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseCatalogImport } from '../../schemas/catalog/catalog-import';
import { loadConfig } from '../config';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open-database';
import { LOCAL_SERVER_FILE } from '../start-server';
import { importCatalog, type ImportSource } from '../catalog/import-catalog';

const USAGE = 'Usage: npm run catalog:import -- FILE.json | FILE.csv';

/** A `.csv` file is products, one a row; anything else is a catalogue file in the API's JSON shape, checked here first. */
function readSource(file: string, text: string): ImportSource {
  if (path.extname(file).toLowerCase() === '.csv') return { kind: 'csv', text };
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
  const parsed = parseCatalogImport(input);
  if (!parsed.ok) throw new Error(`${file}: ${parsed.message}`);
  return { kind: 'json', sections: parsed.value };
}

/**
 * `npm run catalog:import -- FILE.json|FILE.csv`: upserts products (found by SKU when they have no
 * id), categories, attributes and content. On PostgreSQL it writes directly and every API process
 * hears the change. The embedded database can be opened by one process only, so when the shop is
 * running the file goes through its API.
 */
async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file) throw new Error(USAGE);
  const text = await readFile(path.resolve(file), 'utf8');
  const source = readSource(file, text);

  const config = loadConfig();
  const localServer = path.join(config.dataDir, LOCAL_SERVER_FILE);
  if (!config.databaseUrl && existsSync(localServer)) {
    const { url, adminToken } = JSON.parse(await readFile(localServer, 'utf8')) as { url: string; adminToken: string };
    const contentType = source.kind === 'csv' ? 'text/csv; charset=utf-8' : 'application/json';
    const response = await fetch(`${url}/api/catalog/import`, { method: 'POST', headers: { 'content-type': contentType, 'x-admin-token': adminToken }, body: text }).catch(
      () => undefined,
    );
    if (response) {
      const reply = (await response.json()) as { code: number; result: unknown };
      if (reply.code !== 200) throw new Error(`The running shop refused the import of ${file}:\n${typeof reply.result === 'string' ? reply.result : JSON.stringify(reply.result)}`);
      console.log('Imported through the running shop:', JSON.stringify(reply.result));
      return;
    }
    console.log(`No shop answers at ${url}; importing into the database directly.`);
  }
  const db = await openDatabase(config);
  try {
    await migrate(db);
    console.log('Imported:', JSON.stringify(await importCatalog(db, source)));
  } catch (error) {
    throw new Error(`${file} was not imported:\n${(error as Error).message}`, { cause: error });
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
