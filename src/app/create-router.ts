import { createBrowserRouter, matchRoutes, type HydrationState, type RouteObject } from 'react-router';
import { basenameFor, setCurrentStore, storeViewForPath } from '../i18n/store-views';
import { HYDRATION_DATA_ID } from './hydration-data';
import { routes } from './routes';

/**
 * The server render's route loader data: a JSON block, not a script (the shop's CSP runs no inline
 * script), so it is read here rather than left on `window` by the render.
 */
export function readHydrationData(): HydrationState | undefined {
  const text = document.getElementById(HYDRATION_DATA_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as HydrationState;
  } catch {
    return undefined;
  }
}

/** The data router; with multistore on, a store view's `/{storeCode}` becomes the basename. */
export function createShopRouter(hydrationData?: HydrationState) {
  const store = storeViewForPath(window.location.pathname);
  setCurrentStore(store);
  const basename = basenameFor(store);
  return createBrowserRouter(routes, { ...(basename ? { basename } : {}), ...(hydrationData ? { hydrationData } : {}) });
}

/**
 * Loads the route modules of the current URL before hydrating: the server rendered those screens, so
 * the first browser render must have them too (a lazy route not yet loaded would render its fallback).
 */
export async function loadMatchedRoutes(): Promise<void> {
  const basename = basenameFor(storeViewForPath(window.location.pathname));
  const matches = matchRoutes(routes, window.location, basename || undefined) ?? [];
  await Promise.all(
    matches.map(async ({ route }: { route: RouteObject }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}
