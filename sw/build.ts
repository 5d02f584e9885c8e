import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { copyWorkboxLibraries, getManifest } from 'workbox-build';
import { precacheOptions } from './sw-config';
import { serviceWorkerSource } from './sw-source';

// Runs after `vite build` (which empties the folder), on the same folder the server serves. The
// worker uses Workbox's prebuilt modules, so there is nothing to bundle and this takes about a second.
const distDir = path.resolve(process.env.DIST_DIR || 'dist');
const started = Date.now();
const [workboxDir, { manifestEntries, count, size, warnings }] = await Promise.all([copyWorkboxLibraries(distDir), getManifest(precacheOptions(distDir))]);
for (const warning of warnings) console.warn(`service worker: ${warning}`);
await writeFile(path.join(distDir, 'sw.js'), serviceWorkerSource(workboxDir, manifestEntries ?? []));
console.log(`service worker: ${count} files precached (${Math.round(size / 1024)} kB) in ${Date.now() - started} ms`);
