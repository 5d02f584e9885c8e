import type { QueryKey } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createShopRouter, loadMatchedRoutes, readHydrationData } from './create-router';
import { HYDRATING_EVENT } from './early-presses';
import { Providers } from './providers';
import { browserQueryClient } from './query-client';
import { importQueries, isTransferredQueries, refreshTrimmed } from './query-transfer';
import { yieldToMain } from '../db/yield-to-main';
import { initI18n, LANGUAGES, type LanguageCode } from '../i18n/i18n';
import { storeConfig, storeViewForPath } from '../i18n/store-views';

/**
 * The app itself, started by the entry (src/main.tsx): hydrates a server-rendered page or renders the
 * shell's screen. Its steps are separate tasks (evaluating this chunk, taking in the server's data,
 * the wording and route modules, creating the router, hydrating), each a few milliseconds on a
 * phone, so a tap on the server-rendered page is never held up behind all of them at once.
 */
async function startApp(): Promise<void> {
  await yieldToMain();
  // The shopper's saved choice, else the store view's language (German for /de with multistore on): the
  // path's view, as the router will set it once created.
  const saved = localStorage.getItem('fixings.language');
  const language = LANGUAGES.some((l) => l.code === saved) ? (saved as LanguageCode) : storeViewForPath(window.location.pathname).i18n.language;
  const mount = document.getElementById('root');
  if (!mount) throw new Error('#root element missing from index.html');

  // A server-rendered page (its HTML and loader data are here) is hydrated; the shell (offline, or a
  // screen the server does not render) is rendered as before. The server renders in the store's
  // language, so a shopper who chose another one gets a fresh render in theirs instead.
  const hydration = readHydrationData();
  const client = browserQueryClient();
  // With multistore switched on in this browser the paths and reads are a store view's, not the server's:
  // its answers (the default store's) are neither hydrated nor kept.
  const serverStore = !storeConfig().multistore;
  const trimmed: QueryKey[] = [];
  if (serverStore) {
    for (const loaded of Object.values(hydration?.loaderData ?? {})) {
      const queries = (loaded as { queries?: unknown } | null)?.queries;
      if (isTransferredQueries(queries)) trimmed.push(...importQueries(client, queries));
    }
  }
  const hydrate = Boolean(hydration) && mount.hasChildNodes() && language === document.documentElement.lang.slice(0, 2) && serverStore;
  document.documentElement.lang = language === 'en' ? 'en-GB' : language;

  // Rendered once the chosen language's wording is there, so a German or Italian shopper never sees English first.
  await yieldToMain();
  // The wording's set-up and the route match (the router ranks every route first) in a task each:
  // together about 15 ms of CPU, 55-90 ms on a phone.
  const wording = initI18n(language);
  await yieldToMain();
  await Promise.all([wording, hydrate ? loadMatchedRoutes() : undefined]);
  await yieldToMain();
  const router = createShopRouter(hydrate ? hydration : undefined);
  // The server's trimmed category tree serves the page it came with; the whole tree is read as the
  // shopper first moves on (the next page may be another category, with its description).
  if (trimmed.length > 0) {
    const first = router.state.location.key;
    const unsubscribe = router.subscribe((state) => {
      if (state.navigation.state === 'idle' && state.location.key === first) return;
      unsubscribe();
      refreshTrimmed(client, trimmed);
    });
  }
  await yieldToMain();
  const app = (
    <StrictMode>
      <Providers client={client} live={!hydrate}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>
  );
  // Hydration as a transition is time-sliced (React yields to the browser every few milliseconds and
  // to a shopper's input), where a plain hydrateRoot holds the main thread for the whole page at once.
  if (hydrate) {
    window.dispatchEvent(new Event(HYDRATING_EVENT));
    startTransition(() => void hydrateRoot(mount, app));
  } else createRoot(mount).render(app);
}

void startApp();
