import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

/**
 * Workbox's prebuilt modules the worker uses, in the order they depend on each other (each names the
 * ones before it as `workbox.<module>`), as one script to put at the top of sw.js. Loaded instead by
 * workbox-sw.js, each module was an `importScripts` of its own when first used: seven requests one
 * after another before the install could start, about a second and a half on a phone's link (150 ms
 * round trip). Inline, the worker is one request.
 */
const MODULES = ['core', 'routing', 'strategies', 'precaching', 'expiration', 'cacheable-response'] as const;

// Workbox's modules come with workbox-build (the build's own dependency), at its version.
const fromWorkboxBuild = createRequire(createRequire(import.meta.url).resolve('workbox-build'));

export async function workboxModulesSource(): Promise<string> {
  const sources = await Promise.all(
    MODULES.map(async (name) => {
      const file = fromWorkboxBuild.resolve(`workbox-${name}/build/workbox-${name}.prod.js`);
      // The source map is not shipped, so its comment would only make DevTools ask for a missing file.
      return (await readFile(file, 'utf8')).replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, '\n');
    }),
  );
  return sources.join('');
}
