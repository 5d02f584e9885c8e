/**
 * The built web app the first-visit and Lighthouse figures are taken on: `npm run build` when dist/
 * is stale (the same rule as `npm start`) or holds a development build, then a private copy served
 * through DIST_DIR, because other work in this tree may rebuild dist/ (emptying it) meanwhile.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { ensureBuilt } from '../server/cli/ensure-built';
import { REPO_ROOT, TMP_ROOT } from '../tests/helpers/test-config';

// DIST_DIR (as for `npm start` and the browser tests) keeps this run's build apart from other work's.
const DIST = process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : path.join(REPO_ROOT, 'dist');

/** Every /assets/ file index.html names is in `dir`: the copy is of one whole build. */
async function complete(dir: string): Promise<boolean> {
  const html = await readFile(path.join(dir, 'index.html'), 'utf8').catch(() => '');
  const assets = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]!);
  return html !== '' && assets.every((asset) => existsSync(path.join(dir, asset)));
}

/**
 * A build made with NODE_ENV=test or development (e.g. by `npm start` spawned from a Vitest run)
 * ships React's development bundle; only production React carries its minified error messages.
 */
export async function isProductionBuild(dir: string): Promise<boolean> {
  const assets = path.join(dir, 'assets');
  for (const name of (await readdir(assets).catch(() => [])).filter((n) => n.endsWith('.js'))) {
    if ((await readFile(path.join(assets, name), 'utf8')).includes('Minified React error')) return true;
  }
  return false;
}

function productionBuild(): void {
  // Build output goes to stderr with the progress lines, keeping stdout for the table.
  const result = spawnSync('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: ['ignore', 2, 2], env: { ...process.env, NODE_ENV: 'production', DIST_DIR: DIST } });
  if (result.status !== 0) throw new Error(`npm run build failed with exit code ${result.status ?? 'unknown'}`);
}

export async function snapshotOfBuiltApp(): Promise<{ distDir: string; remove: () => Promise<void> }> {
  await mkdir(TMP_ROOT, { recursive: true });
  const distDir = await mkdtemp(path.join(TMP_ROOT, 'bench-dist-'));
  for (let attempt = 0; attempt < 3; attempt++) {
    ensureBuilt(REPO_ROOT, DIST);
    if (!(await isProductionBuild(DIST))) productionBuild();
    await rm(distDir, { recursive: true, force: true });
    await cp(DIST, distDir, { recursive: true }).catch(() => undefined); // a rebuild may be emptying it
    if ((await complete(distDir)) && (await isProductionBuild(distDir))) return { distDir, remove: () => rm(distDir, { recursive: true, force: true }) };
  }
  throw new Error('dist/ kept changing while it was copied (another build running?)');
}
