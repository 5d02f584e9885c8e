import { startTransition, useEffect, useState } from 'react';
import type { StorageUse } from './storage-quota';

/**
 * The browser's storage estimate for this shop, read again when `changed` changes (e.g. the saved
 * count). A new reading renders as a transition, and only when it differs: set from a promise, it
 * was a render at default priority, which React does not cut into slices (a long task on a phone,
 * every half second of a first visit's download).
 */
export function useStorageUse(changed: unknown): StorageUse & { persisted: boolean } {
  const [use, setUse] = useState<StorageUse & { persisted: boolean }>({ persisted: false });
  useEffect(() => {
    const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
    if (!storage?.estimate) return;
    let live = true;
    // Counting runs after every saved batch; a short pause keeps a fast download from re-estimating per batch.
    const timer = window.setTimeout(() => {
      void Promise.all([storage.estimate(), storage.persisted?.() ?? Promise.resolve(false)]).then(
        ([estimate, persisted]) => {
          if (!live) return;
          const next = { usage: estimate.usage, quota: estimate.quota, persisted };
          startTransition(() => setUse((before) => (before.usage === next.usage && before.quota === next.quota && before.persisted === next.persisted ? before : next)));
        },
        () => undefined,
      );
    }, 500);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [changed]);
  return use;
}
