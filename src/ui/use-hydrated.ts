import { createContext, useContext } from 'react';

/**
 * Whether the page is live in the browser: false on the server and while a server-rendered page is
 * hydrated, true after. The app's providers (src/app/providers.tsx) switch it in a transition once
 * hydration has committed, so the re-render of what depends on it (controls enabled, the filter panel
 * open on a wide screen) is time-sliced like hydration itself; a `useSyncExternalStore` with a
 * different server snapshot forced that re-render synchronously, one long task for a whole category
 * grid. Outside those providers it is true in a browser (a screen rendered there has no server HTML
 * to match) and false elsewhere.
 */
export const HydratedContext = createContext<boolean>(typeof window !== 'undefined');

/**
 * False on the server and in the first (hydrating) browser render, true after: what depends on the
 * browser (screen width, stored choices) renders only then, so the hydrated HTML matches the server's.
 */
export const useHydrated = (): boolean => useContext(HydratedContext);
