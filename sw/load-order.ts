import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** A built file's references to others: `./x.js` (imports), `/assets/x.js` and `assets/x.js` (preload lists, worker URLs). */
const REFERENCE = /(?:\.\/|\/?assets\/)([\w.-]+\.(?:js|css))/g;

/** A worker's script: `new Worker(new URL(...))` and `new SharedWorker(new URL(...))`, as Vite writes them. */
const WORKER = /new (?:Shared)?Worker\(new URL\(.\/assets\/([\w.-]+\.js)/g;

/**
 * The app's assets in the order a first visit comes to need them: from the entry script in
 * index.html, each file's references in the order they appear, breadth first, so the entry's
 * imports come before the chunks those load later (the routes, the database). The precache goes in
 * this order (sw/warm-http-cache.ts): the files the page is about to ask for are then already on
 * their way when it does, and its chain of imports is answered from the HTTP cache instead of a
 * round trip each. Workers' scripts go right after the entry's own files: the catalogue's download,
 * the longest part of getting ready for offline use, starts only once its worker's script (the
 * largest file) is in, and breadth first reached it among the last. Only an order: a file it does
 * not reach keeps its place after those it does.
 */
export async function loadOrder(distDir: string): Promise<string[]> {
  const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
  const entries = [...html.matchAll(/(?:src|href)="\/assets\/([\w.-]+\.(?:js|css))"/g)].map((m) => m[1]!);
  const order = [...new Set(entries)];
  const workers: string[] = [];
  for (let i = 0; i < order.length; i++) {
    if (!order[i]!.endsWith('.js')) continue;
    const source = await readFile(path.join(distDir, 'assets', order[i]!), 'utf8').catch(() => '');
    for (const [, name] of source.matchAll(WORKER)) if (!workers.includes(name!)) workers.push(name!);
    for (const [, name] of source.matchAll(REFERENCE)) if (!order.includes(name!)) order.push(name!);
  }
  const first = [...new Set([...entries, ...workers])];
  return [...first, ...order.filter((name) => !first.includes(name))].map((name) => `assets/${name}`);
}

/** `entries` with those in `order` first, in that order; the rest after them as they were. */
export function inLoadOrder<T extends { url: string }>(entries: readonly T[], order: readonly string[]): T[] {
  const rank = new Map(order.map((url, i) => [url, i]));
  const at = (entry: T) => rank.get(entry.url.replace(/^\//, '')) ?? order.length;
  return entries.map((entry, i) => ({ entry, i })).sort((a, b) => at(a.entry) - at(b.entry) || a.i - b.i).map(({ entry }) => entry);
}
