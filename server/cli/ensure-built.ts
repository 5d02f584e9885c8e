import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildServer, SERVER_BUILD_DIR, SERVER_BUILD_MAIN } from './build-server';

const APP_INPUTS = ['src', 'public', 'sw', 'schemas', 'replication', 'index.html', 'vite.config.ts', 'package-lock.json'];
/** What the built server is compiled from: its own code and the app code it renders. */
const SERVER_INPUTS = ['server', 'src', 'schemas', 'replication', 'package-lock.json'];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** Builds the web app when `dist/` is missing or older than its sources, so `npm start` always serves the current app. */
export function ensureBuilt(root: string, distDir: string): void {
  const builtAt = newestMtime(path.join(distDir, 'index.html'));
  const sourcesAt = Math.max(...APP_INPUTS.map((p) => newestMtime(path.join(root, p))));
  if (builtAt > 0 && builtAt >= sourcesAt) return;
  console.log(builtAt === 0 ? 'Building the web app (first start)…' : 'Sources changed since the last build; rebuilding the web app…');
  // Always a production build, even when started from a test runner that sets NODE_ENV=test;
  // build output goes to stderr so it never mixes with what a caller reads from stdout.
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', process.stderr, 'inherit'], env: { ...process.env, NODE_ENV: 'production', DIST_DIR: distDir } });
  if (result.status !== 0) throw new Error(`npm run build failed with exit code ${result.status ?? 'unknown'}`);
}

/** Builds the server (`build-server.ts`) when its build is missing or older than its sources. */
export async function ensureServerBuilt(root: string): Promise<void> {
  const builtAt = newestMtime(path.join(root, SERVER_BUILD_DIR, SERVER_BUILD_MAIN));
  const sourcesAt = Math.max(...SERVER_INPUTS.map((p) => newestMtime(path.join(root, p))));
  if (builtAt > 0 && builtAt >= sourcesAt) return;
  console.log(builtAt === 0 ? 'Building the server (first start)…' : 'Sources changed since the last build; rebuilding the server…');
  await buildServer(root);
}
