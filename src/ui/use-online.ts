import { useSyncExternalStore } from 'react';

/**
 * Online or offline (SPEC §4 "Online or offline state is tracked"): navigator.onLine and the window's
 * online/offline events. Always online where there is no browser (server rendering, tests in Node).
 */
function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export const isOnline = (): boolean => typeof navigator === 'undefined' || navigator.onLine !== false;

/** True while the browser has a connection; re-renders when it changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
