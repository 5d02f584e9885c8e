import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ImageCache } from './image-cache';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'image-cache-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const KEY = `${'ab'.repeat(32)}.jpg`;

describe('ImageCache', () => {
  it('renders once for concurrent requests and writes the file', async () => {
    const cache = new ImageCache(dir);
    let renders = 0;
    const produce = async () => {
      renders += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return Buffer.from('picture');
    };
    const replies = await Promise.all(Array.from({ length: 5 }, () => cache.get(KEY, produce)));
    expect(renders).toBe(1);
    expect(replies.map((r) => r.source).sort()).toEqual(['rendered', 'shared', 'shared', 'shared', 'shared']);
    expect(replies.every((r) => r.bytes.toString() === 'picture')).toBe(true);
    expect(await readFile(path.join(dir, 'ab', KEY), 'utf8')).toBe('picture');
    expect((await cache.get(KEY, produce)).source).toBe('memory');
    expect(renders).toBe(1);
  });

  it('serves from disk after a restart without rendering', async () => {
    await new ImageCache(dir).get(KEY, async () => Buffer.from('stored'));
    const fresh = new ImageCache(dir);
    const reply = await fresh.get(KEY, async () => {
      throw new Error('must not render');
    });
    expect(reply).toEqual({ bytes: Buffer.from('stored'), source: 'disk' });
  });

  it('keeps only the most recently used images in memory', async () => {
    const cache = new ImageCache(dir, { maxEntries: 2 });
    const key = (n: number) => `${String(n).padStart(64, '0')}.jpg`;
    for (const n of [1, 2, 3]) await cache.get(key(n), async () => Buffer.from(`p${n}`));
    expect((await cache.get(key(3), async () => Buffer.from('x'))).source).toBe('memory');
    expect((await cache.get(key(1), async () => Buffer.from('x'))).source).toBe('disk');
  });

  it('still answers when the disk cannot be written', async () => {
    const errors: unknown[] = [];
    // A file where the cache folder should be makes every write fail.
    await writeFile(path.join(dir, 'file-not-folder'), 'x');
    const cache = new ImageCache(path.join(dir, 'file-not-folder'), { onWriteError: (e) => errors.push(e) });
    const reply = await cache.get(KEY, async () => Buffer.from('picture'));
    expect(reply.source).toBe('rendered');
    expect(errors).toHaveLength(1);
    expect(existsSync(path.join(dir, 'file-not-folder', 'ab'))).toBe(false);
  });
});
