import { startTransition, useEffect, useState } from 'react';
import { useShop } from '../../db/hooks/shop-context';
import { localCatalogState, subscribeLocalCatalog } from '../../db/catalog/local-catalog';
import { downloadProgress, type DownloadProgress } from './download-progress';
import { useCatalogSize } from './use-catalog-size';

/** The progress is shown again at most this often while the download runs (the worker tells every 250 ms). */
const PROGRESS_EVERY_MS = 500;

/** What the panel shows of the local catalogue's state. */
interface Shown {
  saved: number;
  /** The shop's size as the catalogue worker told it: null not yet, undefined where nobody tells it (see LocalCatalogState). */
  shopProducts: number | null | undefined;
  registered: boolean;
  /** The replica has caught up, told with the count it caught up at (see markCatalogReplicated). */
  replicated: boolean;
}

const shown = (): Shown => {
  const { products, shopProducts, registered, replicated } = localCatalogState();
  return { saved: products, shopProducts, registered, replicated };
};

/**
 * Products saved on this device and the shop's size, as the local catalogue last told, taken at most
 * every PROGRESS_EVERY_MS (the first and the last count at once after a quiet spell) and rendered as
 * a transition: each render of the progress was a task of its own on a phone, next to the worker's
 * messages, through the whole download.
 */
export function useShown(): Shown {
  const [current, setCurrent] = useState(shown);
  useEffect(() => {
    let shownAt = -Infinity;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const show = () => {
      timer = undefined;
      shownAt = Date.now();
      const next = shown();
      startTransition(() => setCurrent((before) => (before.saved === next.saved && before.shopProducts === next.shopProducts && before.registered === next.registered && before.replicated === next.replicated ? before : next)));
    };
    const heard = () => {
      if (timer !== undefined) return;
      const wait = shownAt + PROGRESS_EVERY_MS - Date.now();
      if (wait <= 0) show();
      else timer = setTimeout(show, wait);
    };
    const stop = subscribeLocalCatalog(heard);
    heard(); // a count told before this subscribed
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, []);
  return current;
}

/**
 * The download's progress as the "Use offline" panel and the header show it: `chosen`, whether the
 * download goes ahead on this device; `online`, whether the size may be asked of the server. `sized`:
 * the shop's size is known (until then the total is only what is saved).
 */
export function useDownloadProgress(chosen: boolean, online: boolean): DownloadProgress & { registered: boolean; sized: boolean } {
  const { saved, shopProducts, registered, replicated } = useShown();
  // Asked here only once the catalogue is known to run on this page (nobody tells the size).
  const asked = useCatalogSize(online && registered && shopProducts === undefined);
  const total = shopProducts ?? asked ?? null;
  // Done once this tab's replication has caught up and the count shown is one taken as (or after) the
  // replica was marked caught up: the two come by different paths, and the one could come first.
  const caughtUp = useCaughtUp(chosen) && replicated;
  return { ...downloadProgress(saved, total, caughtUp), registered, sized: total !== null };
}

/** Whether this tab's replication has caught up with the shop (it resolves in the tab that downloads). */
function useCaughtUp(chosen: boolean): boolean {
  const shop = useShop();
  const [caughtUp, setCaughtUp] = useState(false);
  useEffect(() => {
    if (!shop || !chosen) return;
    let live = true;
    // A transition, as the counts: set from a promise it would be a render React does not cut into slices.
    void shop.sync.whenCatalogueReplicated().then(() => live && startTransition(() => setCaughtUp(true)), () => undefined);
    return () => {
      live = false;
    };
  }, [shop, chosen]);
  return caughtUp && chosen;
}
