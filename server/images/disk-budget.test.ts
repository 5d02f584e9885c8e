import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DiskBudget } from './disk-budget';
import { ImageCache } from './image-cache';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'disk-budget-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const KB = 1024;
const key = (n: number) => `${String(n).padStart(64, '0')}.jpg`;
const fileOf = (n: number) => path.join(dir, '00', key(n));

/** Writes cached file `n` of 1 KB, last used `n` minutes after an hour ago (the higher, the more recent). */
async function cached(n: number): Promise<void> {
  await mkdir(path.join(dir, '00'), { recursive: true });
  await writeFile(fileOf(n), Buffer.alloc(KB));
  const usedAt = new Date(Date.now() - 3_600_000 + n * 60_000);
  await utimes(fileOf(n), usedAt, usedAt);
}

async function folderBytes(): Promise<number> {
  const names = await readdir(path.join(dir, '00'));
  const sizes = await Promise.all(names.map(async (name) => (await stat(path.join(dir, '00', name))).size));
  return sizes.reduce((a, b) => a + b, 0);
}

describe('DiskBudget', () => {
  it('evicts the least recently used files down to under the cap', async () => {
    for (let n = 1; n <= 10; n++) await cached(n);
    const budget = new DiskBudget(dir, 5 * KB);
    await budget.sweep();
    expect(await folderBytes()).toBeLessThanOrEqual(5 * KB);
    expect([1, 2, 3, 4, 5, 6].map((n) => existsSync(fileOf(n)))).toEqual([false, false, false, false, false, false]);
    expect([7, 8, 9, 10].every((n) => existsSync(fileOf(n)))).toBe(true);
  });

  it('keeps a file that was served over newer ones that were not', async () => {
    for (let n = 1; n <= 6; n++) await cached(n);
    const budget = new DiskBudget(dir, 4 * KB);
    budget.touch(fileOf(1));
    await expect.poll(async () => (await stat(fileOf(1))).mtimeMs).toBeGreaterThan(Date.now() - 10_000);
    await budget.sweep();
    // 6 KB over a 4 KB cap goes down to 90 % of it: the three least recently used go.
    expect([1, 2, 3, 4, 5, 6].map((n) => existsSync(fileOf(n)))).toEqual([true, false, false, false, true, true]);
  });

  it('sweeps by itself once the files written pass the cap, and removes dead temp files', async () => {
    await cached(1);
    await writeFile(path.join(dir, '00', `${key(99)}.ab12.tmp`), 'half');
    await utimes(path.join(dir, '00', `${key(99)}.ab12.tmp`), new Date(0), new Date(0));
    const budget = new DiskBudget(dir, 3 * KB);
    for (let n = 2; n <= 5; n++) {
      await cached(n);
      budget.added(KB);
    }
    await budget.idle();
    expect(await folderBytes()).toBeLessThanOrEqual(3 * KB);
    expect(existsSync(fileOf(1))).toBe(false);
    expect(existsSync(fileOf(5))).toBe(true);
    expect(existsSync(path.join(dir, '00', `${key(99)}.ab12.tmp`))).toBe(false);
  });
});

describe('ImageCache on a capped disk', () => {
  it('never holds more than its cap however many pictures are drawn', async () => {
    const cache = new ImageCache(dir, { maxDiskBytes: 8 * KB, maxEntries: 1 });
    for (let n = 1; n <= 40; n++) await cache.get(key(n), async () => Buffer.alloc(KB));
    await cache.disk.idle();
    expect(await folderBytes()).toBeLessThanOrEqual(8 * KB);
    expect((await cache.get(key(40), async () => Buffer.alloc(KB))).source).toMatch(/memory|disk/);
  });
});
