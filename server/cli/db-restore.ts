import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { PG_DUMP_ADVICE, readBackupFile } from '../db/backup-file';
import type { Database } from '../db/database';
import { openPgliteDatabase } from '../db/pglite-database';
import { LOCAL_SERVER_FILE } from '../start-server';
import { megabytes } from './byte-progress';

const USAGE = `Usage: npm run db:restore -- FILE [--force]
  Puts the backup in FILE (from npm run db:backup) in place of the embedded database (DATA_DIR/pg) of a
  stopped shop. FILE is checked first. When DATA_DIR/pg holds a database, --force is needed, and the
  old folder is kept beside it as pg.before-restore-<time>, never deleted.`;

function readOptions(): { file: string; force: boolean } {
  const { values, positionals } = parseArgs({ options: { force: { type: 'boolean', default: false }, help: { type: 'boolean' } }, allowPositionals: true, strict: true });
  if (values.help || positionals.length !== 1 || positionals[0] === '') throw new Error(USAGE);
  return { file: positionals[0]!, force: values.force };
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Why the shop counts as running, if it does: its server file is there and its process is alive or
 * its address answers. A file left by a shop that was killed names neither, and does not stop a restore.
 */
async function runningShop(dataDir: string): Promise<string | undefined> {
  const file = path.join(dataDir, LOCAL_SERVER_FILE);
  if (!existsSync(file)) return undefined;
  const shop = JSON.parse(await readFile(file, 'utf8')) as { pid?: number; url?: string };
  const alive = typeof shop.pid === 'number' && processAlive(shop.pid);
  const answers = shop.url ? await fetch(`${shop.url}/api/health`, { signal: AbortSignal.timeout(3000) }).then(() => true, () => false) : false;
  if (!alive && !answers) return undefined;
  return `The shop is running (process ${shop.pid ?? '?'}, ${shop.url ?? 'no address'}; ${file}): stop it first, a restore replaces the database it has open. To copy it while it runs, use npm run db:backup.`;
}

/** Opens the unpacked copy as the shop will: a folder PGlite cannot start, or not this shop's, fails here. */
async function describe(db: Database): Promise<string> {
  const [migration] = await db.query<{ name: string }>('select name from schema_migrations order by name desc limit 1').catch(() => {
    throw new Error('it holds no database of this shop (no schema_migrations table)');
  });
  const [orders] = await db.query<{ n: number; latest: Date | null }>('select count(*)::int as n, max(created_at) as latest from orders');
  const [products] = await db.query<{ n: number }>("select count(*)::int as n from catalog_documents where entity = 'product' and not deleted");
  return `${orders!.n} orders (the latest ${orders!.latest?.toISOString() ?? 'none'}), ${products!.n} products, migrations up to ${migration?.name ?? 'none'}`;
}

/** `npm run db:restore`: a backup back in place after a lost disk, a bad import or a move to a new machine. */
async function main(): Promise<void> {
  const { file, force } = readOptions();
  const config = loadConfig();
  if (config.databaseUrl) throw new Error(PG_DUMP_ADVICE);
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;

  // Everything that can refuse does so before anything on disk changes.
  const { header, payload } = await readBackupFile(file);
  console.error(`Checked ${file}: a backup taken ${header.created_at}, ${megabytes(payload.length)}, checksum right (${elapsed()})`);
  const running = await runningShop(config.dataDir);
  if (running) throw new Error(running);
  const target = path.join(config.dataDir, 'pg');
  const occupied = existsSync(target) && (await readdir(target)).length > 0;
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const aside = `${target}.before-restore-${stamp}`;
  if (occupied && !force) throw new Error(`${target} holds a database: add --force to replace it with the backup (the old folder is then kept as ${path.basename(aside)})`);

  // Unpacked and started beside the live folder; the old one moves only once the new one works.
  const staging = `${target}.restoring-${stamp}`;
  await mkdir(config.dataDir, { recursive: true });
  let summary: string;
  try {
    const db = await openPgliteDatabase(staging, new Blob([payload]));
    summary = await describe(db).finally(() => db.close());
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw new Error(`The backup could not be opened, so nothing was changed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  console.error(`Unpacked and opened it: ${summary} (${elapsed()})`);

  if (occupied) await rename(target, aside);
  else await rm(target, { recursive: true, force: true });
  try {
    await rename(staging, target);
  } catch (error) {
    if (occupied) await rename(aside, target);
    throw error;
  }
  console.log(`Restored ${file} into ${target}: ${summary}.${occupied ? ` The database it replaced is kept in ${aside}.` : ''} Start the shop with npm start.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
