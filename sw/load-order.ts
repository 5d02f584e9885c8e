import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** A built file's references to others: `./x.js` (imports), `/assets/x.js` and `assets/x.js` (preload lists, worker URLs). */
const REFERENCE = /(?:\.\/|\/?assets\/)([\w.-]+\.(?:js|css))/g;

/** A static import (`import{…}from"./x.js"`, `import"./x.js"`): evaluated before the file that names it. */
const STATIC_IMPORT = /(?:from|import)\s*"\.\/([\w.-]+\.js)"/g;

/** A worker's script: `new Worker(new URL(...))` and `new SharedWorker(new URL(...))`, as Vite writes them. */
const WORKER = /new (?:Shared)?Worker\(new URL\(.\/assets\/([\w.-]+\.js)/g;

/**
 * The app's assets in the order a first visit comes to need them: from the entry script in
 * index.html, each file's references in the order they appear, breadth first, so the entry's
 * imports come before the chunks those load later (the routes, the database). The precache goes in
 * this order (sw/warm-http-cache.ts): the files the page is about to ask for are then already on
 * their way when it does, and its chain of imports is answered from the HTTP cache instead of a
 * round trip each. Workers' scripts go right after the entry's own files, then the files on the way
 * to the code that starts them: the catalogue's download, the longest part of getting ready for
 * offline use, starts only once the page has come down that way and its worker's script (the
 * largest file) is in, and breadth first reached them among the last. Only an order: a file it does
 * not reach keeps its place after those it does.
 */
export async function loadOrder(distDir: string): Promise<string[]> {
  const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
  const entries = [...html.matchAll(/(?:src|href)="\/assets\/([\w.-]+\.(?:js|css))"/g)].map((m) => m[1]!);
  const order = [...new Set(entries)];
  const workers: string[] = [];
  /** The file that first named each, breadth first: the way from the entry to it. */
  const namedBy = new Map<string, string>();
  const staticImports = new Map<string, string[]>();
  for (let i = 0; i < order.length; i++) {
    const file = order[i]!;
    if (!file.endsWith('.js')) continue;
    const source = await readFile(path.join(distDir, 'assets', file), 'utf8').catch(() => '');
    for (const [, name] of source.matchAll(WORKER)) if (!workers.includes(name!)) workers.push(name!);
    staticImports.set(file, [...source.matchAll(STATIC_IMPORT)].map((m) => m[1]!));
    for (const [, name] of source.matchAll(REFERENCE)) {
      if (order.includes(name!)) continue;
      order.push(name!);
      namedBy.set(name!, file);
    }
  }
  // The files on the way from the entry to the code that starts each worker, each with what it
  // imports: the page reaches them one import after another, and the catalogue's download waits
  // at the end of that chain.
  const first = [...entries, ...workers];
  const taken = new Set<string>();
  const take = (file: string) => {
    if (taken.has(file)) return;
    taken.add(file);
    first.push(file);
    for (const imported of staticImports.get(file) ?? []) take(imported);
  };
  for (const worker of workers) {
    const way: string[] = [];
    for (let at = namedBy.get(worker); at !== undefined; at = namedBy.get(at)) way.unshift(at);
    way.forEach(take);
  }
  const unique = [...new Set(first)];
  return [...unique, ...order.filter((name) => !unique.includes(name))].map((name) => `assets/${name}`);
}

/** `entries` with those in `order` first, in that order; the rest after them as they were. */
export function inLoadOrder<T extends { url: string }>(entries: readonly T[], order: readonly string[]): T[] {
  const rank = new Map(order.map((url, i) => [url, i]));
  const at = (entry: T) => rank.get(entry.url.replace(/^\//, '')) ?? order.length;
  return entries.map((entry, i) => ({ entry, i })).sort((a, b) => at(a.entry) - at(b.entry) || a.i - b.i).map(({ entry }) => entry);
}
