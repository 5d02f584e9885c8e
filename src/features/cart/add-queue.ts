import i18next from 'i18next';
import { useSyncExternalStore } from 'react';
import type { AddRequest } from '../../db/cart/cart-add';
import type { LocalShop } from '../../db/start-local-database';
import { notify } from '../notifications/notification-store';
import { importUntilLoaded } from '../../db/import-until-loaded';

/**
 * "Add to cart" pressed before the local database is open (a slow phone takes seconds after the
 * product page appears): the press is taken, never dropped. It is kept here, outside the product
 * page, so it is added even when the shopper has moved on to another page by then; and in the tab's
 * session storage as soon as it is pressed, so a reload before the database opens still adds it
 * (session storage belongs to this tab: another tab never adds the same press). Once the database is
 * open the presses are added in order through the same cart write as any other add, then forgotten.
 * This module holds no database code, so the shell can load it.
 */

const STORAGE_KEY = 'fixings.queued-adds';

/** An add request as JSON can hold it (the bundle members as pairs). */
interface QueuedAdd {
  id: string;
  sku: string;
  request: Omit<AddRequest, 'members'> & { members?: [string, Record<string, unknown>][] };
}

function readStored(): QueuedAdd[] {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(stored) ? (stored as QueuedAdd[]) : [];
  } catch {
    return [];
  }
}

const NONE_QUEUED: QueuedAdd[] = [];
const listeners = new Set<() => void>();

/**
 * The presses in order, NONE_QUEUED (the server's snapshot, so hydration needs no second render) until
 * one is made or one is read back from session storage. The storage is read once, on first need (a
 * press, the database opening) or in a task of its own soon after the page starts (`onAddQueued`), not
 * as this module loads: a tab's first read of session storage waits on the browser (tens of
 * milliseconds on a busy phone), which held up the app's start.
 */
let queued: QueuedAdd[] = NONE_QUEUED;
let storageRead = false;
function loadStored(): void {
  if (storageRead) return;
  storageRead = true;
  if (typeof sessionStorage === 'undefined') return;
  const before = readStored();
  if (before.length === 0) return;
  queued = [...before, ...queued];
  listeners.forEach((l) => l());
}
let openShop: LocalShop | null = null;
let draining: Promise<void> | null = null;
const waitingForOpen = new Set<() => void>();

function save(next: QueuedAdd[]): void {
  queued = next;
  try {
    if (next.length === 0) sessionStorage.removeItem(STORAGE_KEY);
    else sessionStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage refused (private mode, quota): the press still waits in memory for this page.
  }
  listeners.forEach((l) => l());
}

/** Takes a press made while the database opens; it is added as soon as the database is open. */
export function queueAdd(request: AddRequest): void {
  loadStored();
  const { members, ...rest } = request;
  const entry: QueuedAdd = { id: crypto.randomUUID(), sku: String(request.product.sku), request: { ...rest, ...(members ? { members: [...members] } : {}) } };
  save([...queued, entry]);
  waitingForOpen.forEach((open) => open());
  if (openShop) void drain(openShop);
}

/**
 * Calls `open` when a press is waiting (at once when one survived a reload): the shell then opens
 * the database without waiting for the browser to be idle, as the shopper is already acting.
 */
export function onAddQueued(open: () => void): () => void {
  waitingForOpen.add(open);
  // Called from the app's first effects: the stored presses are read in a task of their own.
  const timer = setTimeout(() => {
    loadStored();
    if (queued.length > 0 && waitingForOpen.has(open)) open();
  }, 0);
  return () => {
    clearTimeout(timer);
    waitingForOpen.delete(open);
  };
}

/** The shell calls this once the database is open: every waiting press is added, in order. */
export function addQueued(shop: LocalShop): Promise<void> {
  loadStored();
  openShop = shop;
  return drain(shop);
}

function drain(shop: LocalShop): Promise<void> {
  draining ??= (async () => {
    // Its code fetched again until it arrives: the presses wait, stored, rather than until a reload.
    const { addProductToCart } = await importUntilLoaded(() => import('../../db/cart/cart-add'));
    for (let next = queued[0]; next; next = queued[0]) {
      const { members, ...request } = next.request;
      try {
        // The cart write notifies the outcome ("Product has been added to the cart!", or why not) in every tab.
        await addProductToCart(shop, { ...request, ...(members ? { members: new Map(members) } : {}) });
      } catch (error) {
        console.error('a queued add to cart failed', error);
        notify({ type: 'error', message: i18next.t('cartAddFailed', { name: String(request.product.name) }) });
      }
      save(queued.filter((q) => q.id !== next.id));
    }
  })()
    .then(
      // A press taken while the last one was written: its turn now.
      () => {
        draining = null;
        if (queued.length > 0) void drain(shop);
      },
      // Anything unforeseen (its code is fetched until it arrives): the presses stay stored and are
      // added when the database opens again.
      (error: unknown) => {
        draining = null;
        console.error('queued adds to cart wait for the next start', error);
      },
    );
  return draining;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** How many presses of this product wait for the database (0 once they are in the cart). */
export function useQueuedAdds(sku: string): number {
  // None on the server, nor in the first (hydrating) render, which must match the server's HTML; a
  // stored press shows once read back (loadStored tells the listeners).
  const all = useSyncExternalStore(subscribe, () => queued, () => NONE_QUEUED);
  return all.filter((q) => q.sku === sku).length;
}
