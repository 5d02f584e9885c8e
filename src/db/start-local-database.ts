import { importInSteps } from './import-until-loaded';
import type { LocalShop } from './local-shop';

export type { LocalShop };

let started: Promise<LocalShop> | undefined;

/**
 * Opens the page's database, starts the local catalogue and the sync (open-local-shop.ts). Loaded as
 * a lazy chunk after the first screen (RxDB is too heavy for the first paint), and light itself: the
 * database's code is evaluated in steps, RxDB's core and its Dexie storage, then its query code, then
 * the shop's database code, each in a task of its own. Evaluated as one module graph they were one
 * task of about 100 ms at 4x CPU on a first visit. Each step's chunks are fetched once the one before
 * has run: a round trip or two later for the database, never for the first screen.
 */
export function startLocalDatabase(): Promise<LocalShop> {
  started ??= (async () => {
    // A step's chunk that does not arrive is fetched again until it does, as this chunk is by the
    // shop context: the page stays 'starting', its presses queued.
    const { openLocalShop } = await importInSteps([() => import('./database-code/rxdb-queries'), () => import('./database-code/rxdb-core')], () => import('./open-local-shop'));
    return openLocalShop();
  })();
  started.catch(() => (started = undefined));
  return started;
}
