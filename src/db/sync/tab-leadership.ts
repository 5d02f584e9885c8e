import { BehaviorSubject, distinctUntilChanged, type Observable } from 'rxjs';
import type { ShopDatabase } from '../database-types';

/**
 * Which tab talks to the server for replication. Exactly one open tab leads; when it closes, is
 * frozen by the browser or goes into the back/forward cache, another tab takes over.
 */
export interface TabLeadership {
  /** true while this tab leads, false otherwise; the current value first. */
  leading$: Observable<boolean>;
  isLeading(): boolean;
  /** Starts competing for the lead. */
  start(): void;
  /** Gives up the lead (if held) and stops competing. */
  stop(): void;
}

interface LockManagerLike {
  request(name: string, options: { signal: AbortSignal }, callback: () => Promise<void>): Promise<unknown>;
}

const lockManager = (): LockManagerLike | null =>
  typeof navigator !== 'undefined' && 'locks' in navigator && navigator.locks ? navigator.locks : null;

/**
 * Leadership on a Web Lock: the lock is held for as long as this tab leads and the browser hands it
 * to a waiting tab as soon as it is released or the holder's tab is gone. A frozen page ("freeze") or
 * one kept in the back/forward cache ("pagehide" persisted) cannot do its work, so it releases the
 * lock and queues for it again when it is back ("resume", "pageshow").
 */
export function webLockLeadership(lockName: string, locks: LockManagerLike, target: Pick<Document, 'addEventListener' | 'removeEventListener'> & Partial<Pick<Window, 'addEventListener'>> = document): TabLeadership {
  const leading = new BehaviorSubject(false);
  let waiting: AbortController | null = null;
  let release: (() => void) | null = null;
  let running = false;

  function apply(): void {
    if (!running || waiting || release) return;
    const controller = new AbortController();
    waiting = controller;
    locks
      .request(lockName, { signal: controller.signal }, () => {
        waiting = null;
        return new Promise<void>((resolve) => {
          release = resolve;
          leading.next(true);
        });
      })
      .catch(() => undefined) // aborted while waiting: resign() asked for it
      .finally(() => {
        if (waiting === controller) waiting = null;
      });
  }

  function resign(): void {
    waiting?.abort();
    waiting = null;
    if (release) {
      const done = release;
      release = null;
      leading.next(false);
      done();
    }
  }

  const onHide = () => resign();
  const onShow = () => apply();
  const onPageHide = (event: Event) => {
    if ((event as PageTransitionEvent).persisted) resign();
  };
  const win = typeof window === 'undefined' ? null : window;

  return {
    leading$: leading.pipe(distinctUntilChanged()),
    isLeading: () => leading.value,
    start() {
      if (running) return;
      running = true;
      target.addEventListener('freeze', onHide);
      target.addEventListener('resume', onShow);
      win?.addEventListener('pagehide', onPageHide);
      win?.addEventListener('pageshow', onShow);
      apply();
    },
    stop() {
      running = false;
      target.removeEventListener('freeze', onHide);
      target.removeEventListener('resume', onShow);
      win?.removeEventListener('pagehide', onPageHide);
      win?.removeEventListener('pageshow', onShow);
      resign();
    },
  };
}

/** RxDB's own election, where Web Locks are missing (Node tests, old browsers): no hand-over on freeze. */
export function databaseLeadership(db: ShopDatabase): TabLeadership {
  const leading = new BehaviorSubject(false);
  let running = false;
  return {
    leading$: leading.pipe(distinctUntilChanged()),
    isLeading: () => leading.value,
    start() {
      if (running) return;
      running = true;
      void db.waitForLeadership().then(() => running && leading.next(true));
    },
    stop() {
      running = false;
      leading.next(false);
    },
  };
}

/** A leadership switched by hand (tests). */
export function manualLeadership(initial = true): TabLeadership & { set(lead: boolean): void } {
  const leading = new BehaviorSubject(false);
  let running = false;
  let wanted = initial;
  return {
    leading$: leading.pipe(distinctUntilChanged()),
    isLeading: () => leading.value,
    start() {
      running = true;
      leading.next(wanted);
    },
    stop() {
      running = false;
      leading.next(false);
    },
    set(lead) {
      wanted = lead;
      if (running) leading.next(lead);
    },
  };
}

/** Web Locks in browsers that have them, one lock per database name; RxDB's election elsewhere. */
export function tabLeadership(db: ShopDatabase): TabLeadership {
  const locks = lockManager();
  if (!db.multiInstance) return manualLeadership(true);
  return locks && typeof document !== 'undefined' ? webLockLeadership(`fixings-shop-leader:${db.name}`, locks) : databaseLeadership(db);
}
