import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DiskBudget } from './disk-budget';

/** Where the bytes of a reply came from; sent as `x-image-source` so caching can be observed. */
export type CacheSource = 'memory' | 'disk' | 'rendered' | 'shared';

export interface CachedImage {
  bytes: Buffer;
  source: CacheSource;
}

export interface ImageCacheOptions {
  /** Most images kept in memory (the hottest, least recently used dropped first). */
  maxEntries?: number;
  maxBytes?: number;
  /** Cap of the folder on disk (`IMAGE_CACHE_MB`), the least recently used files evicted past it. */
  maxDiskBytes?: number;
  onWriteError?: (error: unknown) => void;
}

/** A picture served from memory is marked used on disk at most this often, so hot ones are not evicted there. */
const TOUCH_EVERY_MS = 60_000;
const DEFAULT_DISK_BYTES = 512 * 1024 * 1024;

interface HotImage {
  bytes: Buffer;
  touchedAt: number;
}

/**
 * Rendered images on disk (one file per key, written atomically, the folder kept under a cap), the
 * hottest ones in memory, and one in-flight promise per key so concurrent requests for a new image
 * render it once.
 */
export class ImageCache {
  private readonly memory = new Map<string, HotImage>();
  private memoryBytes = 0;
  private readonly inFlight = new Map<string, Promise<Buffer>>();
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  readonly disk: DiskBudget;

  constructor(
    readonly dir: string,
    private readonly options: ImageCacheOptions = {},
  ) {
    this.maxEntries = options.maxEntries ?? 200;
    this.maxBytes = options.maxBytes ?? 48 * 1024 * 1024;
    this.disk = new DiskBudget(dir, options.maxDiskBytes ?? DEFAULT_DISK_BYTES, options.onWriteError);
  }

  /** `key` must be a safe file name (a hex hash plus an extension). */
  fileFor(key: string): string {
    return path.join(this.dir, key.slice(0, 2), key);
  }

  async get(key: string, produce: () => Promise<Buffer>): Promise<CachedImage> {
    const hot = this.memory.get(key);
    if (hot) {
      this.memory.delete(key);
      this.memory.set(key, hot);
      if (Date.now() - hot.touchedAt > TOUCH_EVERY_MS) {
        hot.touchedAt = Date.now();
        this.disk.touch(this.fileFor(key));
      }
      return { bytes: hot.bytes, source: 'memory' };
    }
    const pending = this.inFlight.get(key);
    if (pending) return { bytes: await pending, source: 'shared' };
    let source: CacheSource = 'disk';
    const work = (async () => {
      const stored = await readFile(this.fileFor(key)).catch(() => undefined);
      if (stored) {
        this.disk.touch(this.fileFor(key));
        return stored;
      }
      source = 'rendered';
      const bytes = await produce();
      await this.store(key, bytes);
      return bytes;
    })();
    this.inFlight.set(key, work);
    try {
      const bytes = await work;
      this.remember(key, bytes);
      return { bytes, source };
    } finally {
      this.inFlight.delete(key);
    }
  }

  /** Best effort: a full disk must not fail the reply, the image is just rendered again later. */
  private async store(key: string, bytes: Buffer): Promise<void> {
    const file = this.fileFor(key);
    const temp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(temp, bytes);
      await rename(temp, file);
      this.disk.added(bytes.length);
    } catch (error) {
      await rm(temp, { force: true }).catch(() => undefined);
      this.options.onWriteError?.(error);
    }
  }

  private remember(key: string, bytes: Buffer): void {
    if (bytes.length > this.maxBytes / 4 || this.memory.has(key)) return;
    this.memory.set(key, { bytes, touchedAt: Date.now() });
    this.memoryBytes += bytes.length;
    while (this.memory.size > this.maxEntries || this.memoryBytes > this.maxBytes) {
      const oldest = this.memory.keys().next();
      if (oldest.done) break;
      this.memoryBytes -= this.memory.get(oldest.value)?.bytes.length ?? 0;
      this.memory.delete(oldest.value);
    }
  }
}
