import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { BACKUP_ROUTE, packBackup, PG_DUMP_ADVICE } from '../db/backup-file';
import { openPgliteDatabase } from '../db/pglite-database';
import { checkBackupTarget, writeBackupFile, type WrittenBackup } from './backup-writer';
import { megabytes } from './byte-progress';
import { runningLocalShop, type LocalShop } from './local-shop';

const USAGE = `Usage: npm run db:backup -- FILE [--force]
  Writes a consistent copy of the embedded database (DATA_DIR/pg) to FILE: through the running shop
  while it takes orders, or directly from DATA_DIR when the shop is stopped. --force replaces FILE.
  Restore it with npm run db:restore -- FILE (see docs/operations.md).`;

type Taken = WrittenBackup & { how: string };

function readOptions(): { file: string; force: boolean } {
  const { values, positionals } = parseArgs({ options: { force: { type: 'boolean', default: false }, help: { type: 'boolean' } }, allowPositionals: true, strict: true });
  if (values.help || positionals.length !== 1 || positionals[0] === '') throw new Error(USAGE);
  return { file: positionals[0]!, force: values.force };
}

/** The running shop takes the copy between two transactions; undefined when nothing answers. */
async function throughShop(shop: LocalShop, file: string, force: boolean): Promise<Taken | undefined> {
  const response = await fetch(`${shop.url}${BACKUP_ROUTE}`, { headers: { authorization: `Bearer ${shop.adminToken}` } }).catch(() => undefined);
  if (!response) return undefined;
  if (response.status !== 200 || !response.body) {
    const reply = (await response.json().catch(() => ({}))) as { result?: unknown };
    throw new Error(`The running shop refused the backup (${response.status}): ${typeof reply.result === 'string' ? reply.result : 'no reason given'}`);
  }
  const total = Number(response.headers.get('content-length')) || undefined;
  const written = await writeBackupFile(file, response.body, force, total);
  return { ...written, how: `through the running shop (its database paused ${response.headers.get('x-backup-paused-ms') ?? '?'} ms)` };
}

/** The shop is stopped, so this process may open the folder: the same copy, taken here. */
async function direct(dataDir: string, file: string, force: boolean): Promise<Taken> {
  const folder = path.join(dataDir, 'pg');
  if (!existsSync(path.join(folder, 'PG_VERSION'))) throw new Error(`No database in ${folder}: nothing to back up (is DATA_DIR right?)`);
  const db = await openPgliteDatabase(folder);
  const packed = await db.dumpDataDir!().then(packBackup).finally(() => db.close());
  async function* parts() {
    yield* packed.parts;
  }
  return { ...(await writeBackupFile(file, parts(), force, packed.size)), how: 'from the stopped shop' };
}

/** `npm run db:backup`: a copy of every order, customer and product to restore after a lost disk. */
async function main(): Promise<void> {
  const { file, force } = readOptions();
  const config = loadConfig();
  if (config.databaseUrl) throw new Error(PG_DUMP_ADVICE);
  checkBackupTarget(file, force);
  const started = performance.now();
  const shop = await runningLocalShop(config);
  let written = shop ? await throughShop(shop, file, force) : undefined;
  if (shop && !written) console.error(`No shop answers at ${shop.url}; copying ${config.dataDir} directly.`);
  written ??= await direct(config.dataDir, file, force);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Backed up ${path.join(config.dataDir, 'pg')} to ${written.file}: ${megabytes(written.bytes)} in ${seconds} s, ${written.how}; taken ${written.header.created_at}.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
