import { cp, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

/** Where `npm run build` puts the server: `npm start` runs `main.js` from here with plain Node. */
export const SERVER_BUILD_DIR = path.join('build', 'server');
export const SERVER_BUILD_MAIN = 'main.js';

/**
 * Compiles the server (`server/main.ts` and the app code it renders) into `build/server/`: our own
 * modules bundled, packages left to `node_modules`. Started from the TypeScript sources through tsx,
 * an API process spent about 2.4 s of CPU loading modules (each one resolved and read through tsx's
 * loader thread, at 50,000 products half of its start-up); from the build, under 0.8 s. The renderer stays its own chunk, loaded on the first page
 * (see `load-renderer.ts`). The migrations are copied beside the chunks, where `migrate.ts` looks.
 * Written to a temporary folder and swapped in whole, so a start never finds half a build.
 */
export async function buildServer(root: string): Promise<{ ms: number; inputs: number }> {
  const started = performance.now();
  const target = path.join(root, SERVER_BUILD_DIR);
  const partial = `${target}.${process.pid}.partial`;
  await rm(partial, { recursive: true, force: true });
  try {
    const result = await esbuild.build({
      absWorkingDir: root,
      entryPoints: { main: 'server/main.ts' },
      outdir: partial,
      bundle: true,
      splitting: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      jsx: 'automatic',
      // The app's components import their style sheets for the web build; the server has no use for them.
      loader: { '.css': 'empty' },
      sourcemap: 'linked',
      metafile: true,
      logLevel: 'warning',
    });
    await mkdir(path.join(partial, 'migrations'));
    await cp(path.join(root, 'server/db/migrations'), path.join(partial, 'migrations'), { recursive: true });
    const old = `${target}.${process.pid}.old`;
    await rename(target, old).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    await rename(partial, target).catch((error: NodeJS.ErrnoException) => {
      // Another build (a second `npm start` or test run) swapped its own in meanwhile: it is as new as this one.
      if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
    });
    await rm(old, { recursive: true, force: true });
    return { ms: Math.round(performance.now() - started), inputs: Object.keys(result.metafile.inputs).length };
  } finally {
    await rm(partial, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { ms, inputs } = await buildServer(path.resolve(import.meta.dirname, '../..'));
  console.error(`server built into ${SERVER_BUILD_DIR}/ from ${inputs} files in ${ms} ms`);
}
