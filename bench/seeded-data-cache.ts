/**
 * Seeding 50,000 products takes minutes, so the seeded data folder is kept under `.tmp/` and reused
 * while the generator, the catalogue writer and the migrations are unchanged (their hash is the key).
 * Each run works on a copy, so a killed run never leaves a half-written database in the cache.
 */
import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { spawnServer } from '../tests/helpers/spawn-server';
import { REPO_ROOT, TMP_ROOT } from '../tests/helpers/test-config';

/** Everything that decides what the seeded database holds. */
const SEED_INPUTS = ['server/seed', 'server/db/migrations', 'server/catalog/seed-catalog.ts', 'server/catalog/write-catalog.ts'];
const KEY_FILE = 'bench-seed-key.txt';

async function filesUnder(relative: string): Promise<string[]> {
  const full = path.join(REPO_ROOT, relative);
  try {
    const entries = await readdir(full, { withFileTypes: true, recursive: true });
    return entries.filter((e) => e.isFile()).map((e) => path.relative(REPO_ROOT, path.join(e.parentPath, e.name)));
  } catch {
    return [relative]; // a single file
  }
}

export async function seedInputsHash(products: number): Promise<string> {
  const hash = createHash('sha256').update(`products=${products}\n`);
  const files = (await Promise.all(SEED_INPUTS.map(filesUnder))).flat().filter((f) => !f.endsWith('.test.ts')).sort();
  for (const file of files) hash.update(file).update('\0').update(await readFile(path.join(REPO_ROOT, file))).update('\0');
  return hash.digest('hex').slice(0, 16);
}

/** Returns the cached seeded folder for `products`, seeding it first when missing or stale. */
export async function seededDataFolder(products: number, log: (line: string) => void): Promise<{ folder: string; seededNow: boolean; seedSeconds: number }> {
  const folder = path.join(TMP_ROOT, `bench-data-${products}`);
  const key = await seedInputsHash(products);
  const cachedKey = await readFile(path.join(folder, KEY_FILE), 'utf8').catch(() => '');
  if (cachedKey === key) return { folder, seededNow: false, seedSeconds: 0 };

  log(`seeding ${products.toLocaleString('en-GB')} products into ${path.relative(REPO_ROOT, folder)} (cached for later runs)`);
  await rm(folder, { recursive: true, force: true });
  await mkdir(folder, { recursive: true });
  const started = performance.now();
  const server = await spawnServer({ DATA_DIR: folder, SEED_PRODUCTS: String(products) }, 30 * 60_000);
  await server.stop();
  const seedSeconds = (performance.now() - started) / 1000;
  await rm(path.join(folder, 'server.json'), { force: true });
  await writeFile(path.join(folder, KEY_FILE), key); // written last: a folder without it is never trusted
  return { folder, seededNow: true, seedSeconds };
}

/** Copies left by runs that were killed (300 MB each at 50,000 products); an hour old is never a live run. */
async function removeStaleCopies(): Promise<void> {
  const names = (await readdir(TMP_ROOT).catch(() => [])).filter((name) => name.startsWith('bench-run-'));
  for (const name of names) {
    const { mtimeMs } = await stat(path.join(TMP_ROOT, name));
    if (Date.now() - mtimeMs > 3_600_000) await rm(path.join(TMP_ROOT, name), { recursive: true, force: true });
  }
}

/** A private copy of the cached folder for one server run; remove it with the returned function. */
export async function copyOfSeededData(products: number, log: (line: string) => void) {
  const cached = await seededDataFolder(products, log);
  await mkdir(TMP_ROOT, { recursive: true });
  await removeStaleCopies();
  const dataDir = await mkdtemp(path.join(TMP_ROOT, `bench-run-${products}-`));
  await cp(cached.folder, dataDir, { recursive: true });
  return { ...cached, dataDir, remove: () => rm(dataDir, { recursive: true, force: true }) };
}
