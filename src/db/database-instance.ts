import { createShopDatabase, type CreateDatabaseOptions } from './create-database';
import type { ShopDatabase } from './database-types';

/**
 * One database per page. The promise lives on globalThis, not in a module variable, so a hot module
 * reload that re-runs this file and a React StrictMode double render both get the same instance.
 */
const KEY = Symbol.for('fixings-shop.database');
type Holder = { [KEY]?: Promise<ShopDatabase> };
const holder = globalThis as Holder;

/**
 * Vite's dev server: dev-mode checks on. Builds, previews and e2e runs never load dev-mode (its schema
 * validator compiles code at run time, which the shop's CSP refuses). `import.meta.hot` exists only
 * under the dev server; `env.DEV` would also be true for a build made with NODE_ENV=test.
 */
function isDevBuild(): boolean {
  return Boolean(import.meta.hot);
}

export function getDatabase(options: CreateDatabaseOptions = {}): Promise<ShopDatabase> {
  holder[KEY] ??= createShopDatabase({ devMode: isDevBuild(), ...options })
    // No IndexedDB (private browsing, storage turned off, a broken profile): the shop still runs on
    // an in-memory database for this tab, and says so (src/features/storage/storage-notice.tsx).
    .catch((error: unknown) => {
      if (options.memory) throw error;
      console.error('IndexedDB unavailable, keeping the shop data in memory for this tab', error);
      // One database per tab then: a memory database shares no data, so every tab must lead its own.
      return createShopDatabase({ devMode: isDevBuild(), ...options, memory: true, multiInstance: false });
    })
    .catch((error: unknown) => {
      delete holder[KEY];
      throw error;
    });
  return holder[KEY];
}

/** Closes the page's database (tests, logout of the whole app, hot-reload dispose). */
export async function closeDatabase(): Promise<void> {
  const pending = holder[KEY];
  delete holder[KEY];
  if (pending) await (await pending.catch(() => null))?.close();
}

// Written out literally so Vite wires the hot-update hook; the next version of this module opens anew.
import.meta.hot?.dispose(() => void closeDatabase());
