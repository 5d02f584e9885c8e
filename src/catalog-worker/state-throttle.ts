import type { CatalogueChange } from '../db/catalog/local-catalog';

/** While batches are being stored, the pages hear the counts at most this often (a few renders a second). */
export const STATE_EVERY_MS = 250;

export interface ChangeThrottle {
  /** Notes a change; published at once after a quiet spell, else with the others at the end of the spell. */
  change(change: CatalogueChange): void;
  /** Publishes now, with the changes noted so far (a download caught up or stopped: the final count at once). */
  flush(): void;
  stop(): void;
}

/**
 * Holds the worker's state messages to one per `everyMs` while changes come faster: the first change
 * after a quiet spell goes at once, the ones after it wait for the spell to end and go as one message
 * naming every entity that changed. A page re-renders its count per message, so a first visit's
 * download costs the page a few renders a second however fast batches are stored.
 */
export function throttleChanges(publish: (changed: CatalogueChange[]) => void, everyMs = STATE_EVERY_MS): ChangeThrottle {
  const pending = new Set<CatalogueChange>();
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  function flush(): void {
    cancel();
    last = Date.now();
    const changed = [...pending];
    pending.clear();
    publish(changed);
  }
  return {
    change(change) {
      pending.add(change);
      if (timer !== null) return;
      const wait = last + everyMs - Date.now();
      if (wait <= 0) flush();
      else timer = setTimeout(flush, wait);
    },
    flush,
    stop: cancel,
  };
}
