import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False on the server and in the first (hydrating) browser render, true after: what depends on the
 * browser (screen width, stored choices) renders only then, so the hydrated HTML matches the server's.
 */
export const useHydrated = (): boolean => useSyncExternalStore(never, () => true, () => false);
