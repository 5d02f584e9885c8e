import { useSyncExternalStore } from 'react';
import { useHydrated } from '../../ui/use-hydrated';

/**
 * Wishlist, compare and recently viewed, keyed by sku. Kept in localStorage until the local database's
 * `lists` collection has hooks for them; then only this file changes (same `useList`/`toggle` API).
 * Entries carry a small snapshot of the product so the panels render without another read.
 */
export type ListName = 'wishlist' | 'compare' | 'recently-viewed';

export interface ListEntry {
  sku: string;
  name: string;
  url: string;
  thumbnail?: string;
  price?: number;
  attributes?: Record<string, string>;
  addedAt: number;
}

const LIMITS: Record<ListName, number> = { wishlist: 200, compare: 6, 'recently-viewed': 20 };
const key = (list: ListName) => `fixings.list.${list}`;
const cache = new Map<ListName, ListEntry[]>();
const listeners = new Set<() => void>();

function read(list: ListName): ListEntry[] {
  const cached = cache.get(list);
  if (cached) return cached;
  let entries: ListEntry[];
  try {
    entries = JSON.parse(localStorage.getItem(key(list)) ?? '[]') as ListEntry[];
  } catch {
    entries = [];
  }
  cache.set(list, entries);
  return entries;
}

function write(list: ListName, entries: ListEntry[]): void {
  const kept = entries.slice(0, LIMITS[list]);
  cache.set(list, kept);
  localStorage.setItem(key(list), JSON.stringify(kept));
  listeners.forEach((l) => l());
}

if (typeof window !== 'undefined') {
  // Another tab changed a list: drop the cached copy so this tab shows the same.
  window.addEventListener('storage', () => {
    cache.clear();
    listeners.forEach((l) => l());
  });
}

export const hasEntry = (list: ListName, sku: string) => read(list).some((e) => e.sku === sku);

export function addEntry(list: ListName, entry: Omit<ListEntry, 'addedAt'>): void {
  write(list, [{ ...entry, addedAt: Date.now() }, ...read(list).filter((e) => e.sku !== entry.sku)]);
}

export function removeEntry(list: ListName, sku: string): void {
  write(list, read(list).filter((e) => e.sku !== sku));
}

export function toggleEntry(list: ListName, entry: Omit<ListEntry, 'addedAt'>): boolean {
  if (hasEntry(list, entry.sku)) {
    removeEntry(list, entry.sku);
    return false;
  }
  addEntry(list, entry);
  return true;
}

const NONE: ListEntry[] = [];

/**
 * The list once the page is live; none on the server and while a server-rendered page hydrates (the
 * same empty list as the server's snapshot: a different one forced a synchronous second render of the
 * header in hydration's commit), then the stored one in the transition that follows it.
 */
export function useList(list: ListName): ListEntry[] {
  const hydrated = useHydrated();
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    hydrated ? () => read(list) : () => NONE,
    () => NONE,
  );
}
