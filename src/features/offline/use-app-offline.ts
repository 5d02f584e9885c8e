import { useEffect, useState } from 'react';

/** Whether the shop itself (its pages' code, the precache) works offline yet; null where no service worker is used. */
export type AppOffline = 'saving' | 'ready' | null;

function current(): AppOffline {
  if (!import.meta.env?.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  // The worker claims the open pages once its install (the precache) is complete.
  return navigator.serviceWorker.controller ? 'ready' : 'saving';
}

/**
 * For the "Use offline" panel: the catalogue is only half of working offline, the other half is
 * the service worker's install, which on a first visit over a phone's connection takes seconds.
 */
export function useAppOffline(): AppOffline {
  const [state, setState] = useState<AppOffline>(current);
  useEffect(() => {
    if (state !== 'saving') return;
    const container = navigator.serviceWorker;
    const update = () => setState(current());
    container.addEventListener('controllerchange', update);
    // A controller that came between the first render and this effect has no event left to fire.
    update();
    return () => container.removeEventListener('controllerchange', update);
  }, [state]);
  return state;
}
