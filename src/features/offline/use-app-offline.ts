import { useEffect, useState } from 'react';

/** Whether the shop itself (its pages' code, the precache) works offline yet; null where no service worker is used. */
export type AppOffline = 'saving' | 'ready' | null;

function initial(): AppOffline {
  if (!import.meta.env?.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  return navigator.serviceWorker.controller ? 'ready' : 'saving';
}

/**
 * For the "Use offline" panel: the catalogue is only half of working offline, the other half is
 * the service worker's install, which on a first visit over a phone's connection takes seconds.
 * Ready once a worker is active (its install, the precache, is complete): not only once it
 * controls this page, which a reload that bypassed it (Shift+reload) never has.
 */
export function useAppOffline(): AppOffline {
  const [state, setState] = useState<AppOffline>(initial);
  useEffect(() => {
    if (state !== 'saving') return;
    let mounted = true;
    void navigator.serviceWorker.ready.then(() => mounted && setState('ready'));
    return () => {
      mounted = false;
    };
  }, [state]);
  return state;
}
