import { readdir, rm, stat, utimes } from 'node:fs/promises';
import path from 'node:path';

/** A sweep that evicts goes down to this share of the cap, so the next writes do not sweep at once. */
const LOW_WATER = 0.9;
/** A temp file older than this is a write that died half-way (a crash); a younger one may still be written. */
const STALE_TEMP_MS = 60_000;

interface CachedFile {
  file: string;
  bytes: number;
  usedAt: number;
}

/**
 * Keeps the image cache folder under `maxBytes`, evicting the least recently used files. A file's
 * modification time is its last use (set on write, and again by `touch` when it is served), so the
 * order survives a restart and is shared by every API process on the folder. A process sweeps (lists
 * and stats the folder, then evicts the oldest) when the folder may be over the cap by its own
 * count, and after every eighth of the cap it wrote: with several processes writing, the folder
 * exceeds the cap by at most that much per process between sweeps.
 */
export class DiskBudget {
  private knownBytes = 0;
  private writtenSinceSweep = 0;
  private sweeping: Promise<void> | undefined;
  private sweepAgain = false;

  constructor(
    private readonly dir: string,
    readonly maxBytes: number,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  /** A file of `bytes` was written. */
  added(bytes: number): void {
    this.knownBytes += bytes;
    this.writtenSinceSweep += bytes;
    if (this.knownBytes > this.maxBytes || this.writtenSinceSweep > this.maxBytes / 8) void this.sweep();
  }

  /** A file was served: it becomes the most recently used. Best effort (it may have been evicted meanwhile). */
  touch(file: string, now = new Date()): void {
    utimes(file, now, now).catch(() => undefined);
  }

  /** Lists the folder and evicts the least recently used files while it is over the cap. One at a time. */
  sweep(): Promise<void> {
    if (this.sweeping) {
      this.sweepAgain = true;
      return this.sweeping;
    }
    this.sweeping = (async () => {
      do {
        this.sweepAgain = false;
        this.writtenSinceSweep = 0;
        await this.sweepOnce().catch(this.onError);
      } while (this.sweepAgain);
    })().finally(() => (this.sweeping = undefined));
    return this.sweeping;
  }

  /** Resolves when no sweep is running (tests and measurements). */
  async idle(): Promise<void> {
    while (this.sweeping) await this.sweeping;
  }

  private async sweepOnce(): Promise<void> {
    const files = await this.list();
    let total = files.reduce((sum, f) => sum + f.bytes, 0);
    if (total > this.maxBytes) {
      files.sort((a, b) => a.usedAt - b.usedAt);
      for (const file of files) {
        if (total <= this.maxBytes * LOW_WATER) break;
        await rm(file.file, { force: true });
        total -= file.bytes;
      }
    }
    this.knownBytes = total + this.writtenSinceSweep;
  }

  /** Every cached file (`{dir}/{2 hex}/{key}`), with leftovers of interrupted writes removed. */
  private async list(): Promise<CachedFile[]> {
    const shards = await readdir(this.dir, { withFileTypes: true }).catch(() => []);
    const now = Date.now();
    const lists = await Promise.all(
      shards
        .filter((s) => s.isDirectory())
        .map(async (shard) => {
          const folder = path.join(this.dir, shard.name);
          const names = await readdir(folder).catch(() => [] as string[]);
          const found = await Promise.all(
            names.map(async (name): Promise<CachedFile | undefined> => {
              const file = path.join(folder, name);
              const info = await stat(file).catch(() => undefined);
              if (!info?.isFile()) return undefined;
              if (name.endsWith('.tmp')) {
                if (now - info.mtimeMs > STALE_TEMP_MS) await rm(file, { force: true });
                return undefined;
              }
              return { file, bytes: info.size, usedAt: info.mtimeMs };
            }),
          );
          return found.filter((f): f is CachedFile => f !== undefined);
        }),
    );
    return lists.flat();
  }
}
