import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { WARM_CONCURRENCY, warmHttpCacheSource } from '../../sw/warm-http-cache';

/** Runs the worker's install listener with a fetch that answers when told, and records what it was asked. */
function installWith(urls: string[], failing: Set<string>) {
  let install: ((event: unknown) => void) | undefined;
  const asked: string[] = [];
  const open = new Map<string, () => void>();
  let busiest = 0;
  const fetch = (url: string) =>
    new Promise((resolve, reject) => {
      asked.push(url);
      open.set(url, () => {
        open.delete(url);
        if (failing.has(url)) reject(new TypeError('Failed to fetch'));
        else resolve({ arrayBuffer: async () => new ArrayBuffer(1) });
      });
      busiest = Math.max(busiest, open.size);
    });
  const self = { addEventListener: (type: string, listener: (event: unknown) => void) => type === 'install' && (install = listener) };
  runInNewContext(warmHttpCacheSource(urls), { self, fetch });
  let done: Promise<unknown> | undefined;
  install!({ waitUntil: (promise: Promise<unknown>) => (done = promise) });
  return { asked, open, done: done!, busiest: () => busiest };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe("the service worker's HTTP cache warm-up", () => {
  it('fetches every file a few at a time, goes on past a failed one, and never fails the install', async () => {
    const urls = Array.from({ length: 10 }, (_, i) => `/assets/f${i}.js`);
    const run = installWith(urls, new Set(['/assets/f1.js']));
    let settled = false;
    void run.done.then(() => (settled = true));
    while (run.open.size) {
      [...run.open.values()][0]!();
      await turn();
    }
    await run.done;
    expect(settled).toBe(true);
    expect(run.asked).toEqual(urls);
    expect(run.busiest()).toBe(WARM_CONCURRENCY);
  });
});
