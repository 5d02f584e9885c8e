import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { getManifest } from 'workbox-build';
import { inLoadOrder, loadOrder } from './load-order';
import { precacheOptions } from './sw-config';
import { serviceWorkerSource } from './sw-source';
import { workboxModulesSource } from './workbox-modules';

// Runs after `vite build` (which empties the folder), on the same folder the server serves. The
// worker carries Workbox's prebuilt modules inline, so there is nothing to bundle and this takes about a second.
const distDir = path.resolve(process.env.DIST_DIR || 'dist');
const started = Date.now();
const [workbox, order, { manifestEntries, count, size, warnings }] = await Promise.all([workboxModulesSource(), loadOrder(distDir), getManifest(precacheOptions(distDir))]);
for (const warning of warnings) console.warn(`service worker: ${warning}`);
await writeFile(path.join(distDir, 'sw.js'), serviceWorkerSource(workbox, inLoadOrder(manifestEntries ?? [], order)));
console.log(`service worker: ${count} files precached (${Math.round(size / 1024)} kB) in ${Date.now() - started} ms`);
