import type { GetManifestOptions } from 'workbox-build';
import { ADMIN_ASSETS } from './admin-caching';

/** Image cache limits: product pictures are many and small; a month-old picture is fetched again. */
export const IMAGE_CACHE = 'shop-images';
export const IMAGE_MAX_ENTRIES = 600;
export const IMAGE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** Paths the shell must never answer: the API (and /graphql), images and downloads are the server's. */
export const SERVER_PATHS = [/^\/api(\/|$)/, /^\/graphql(\/|$)/, /^\/img\//, /^\/pub\//];

/**
 * What is precached from the built app in `distDir`: what offline use needs, the shell, every route
 * chunk (the wording is in them) and the styles. Catalogue data is never here: it lives in the
 * database. Not the web manifest and its icons at the root: a browser reads them to install the app,
 * online, and offline a missing tab icon costs nothing; having no content hash, each was a fetch of
 * its own that bypasses the HTTP cache (Workbox's `cache: 'reload'`), one after another at the end of
 * the install (about a second on a phone's link).
 */
export function precacheOptions(distDir: string): GetManifestOptions {
  return {
    globDirectory: distDir,
    globPatterns: ['index.html', 'assets/**/*.{js,css,woff2,svg,png,webp}'],
    // Development-only database checks are never loaded in production builds.
    globIgnores: ['assets/dev-mode-*', 'assets/validate-ajv-*', ADMIN_ASSETS],
    // Vite puts a content hash in every asset name, so those need no revision of their own.
    dontCacheBustURLsMatching: /^assets\//,
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
  };
}

/** A navigation the network has not answered in this time (a stalled connection) gets the cached shell. */
export const NAVIGATION_TIMEOUT_MS = 4_000;
