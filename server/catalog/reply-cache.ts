import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';

/** How a reply's bytes go on the wire: as they are, or compressed as the client accepts. */
export type ReplyEncoding = 'identity' | 'gzip' | 'br';
type Compressed = Exclude<ReplyEncoding, 'identity'>;

/**
 * One finished `/api/catalog` reply: the bytes sent for each encoding a client has asked for so far.
 * Each encoding is compressed once, when first wanted, then kept, so a cache hit costs no JSON
 * serialisation and no compression. Once a compressed copy exists the JSON itself is let go: a
 * listing's JSON is five or six times its gzip, and holding only what browsers are sent lets the
 * cache keep every popular query instead of evicting them (at 50,000 products the popular set did
 * not fit in 64 MB with the JSON kept). A client that takes no compression, which browsers never
 * are, gets the JSON back by decompressing the kept copy.
 */
export class CachedReply {
  private json: Buffer | undefined;
  private readonly encoded: Partial<Record<Compressed, Buffer>> = {};
  /** The JSON's length in bytes. */
  readonly length: number;

  constructor(json: Buffer) {
    this.json = json;
    this.length = json.length;
  }

  /** Whether compressing pays: replies this small go out as they are. */
  get compressible(): boolean {
    return this.length >= COMPRESS_THRESHOLD;
  }

  /** The bytes already kept for `encoding`, or undefined when they would have to be made. */
  peek(encoding: ReplyEncoding): Buffer | undefined {
    return encoding === 'identity' ? this.json : this.encoded[encoding];
  }

  /**
   * The bytes for `encoding`. A compressed copy is made and kept on first use, and the JSON dropped
   * then; `grew` is how many bytes the entry changed by (negative when dropping the JSON saved more).
   */
  bytes(encoding: ReplyEncoding): { body: Buffer; grew: number } {
    const made = this.peek(encoding);
    if (made) return { body: made, grew: 0 };
    if (encoding === 'identity') return { body: this.plain(), grew: 0 };
    const before = this.size;
    const json = this.plain();
    const body = encoding === 'gzip' ? gzipSync(json, { level: GZIP_LEVEL }) : brotliCompressSync(json, BROTLI_OPTIONS);
    this.encoded[encoding] = body;
    if (this.compressible) this.json = undefined;
    return { body, grew: this.size - before };
  }

  get size(): number {
    return (this.json?.length ?? 0) + (this.encoded.gzip?.length ?? 0) + (this.encoded.br?.length ?? 0);
  }

  /** The JSON: kept, or decompressed from a kept copy (not kept again). */
  private plain(): Buffer {
    if (this.json) return this.json;
    if (this.encoded.gzip) return gunzipSync(this.encoded.gzip);
    if (this.encoded.br) return brotliDecompressSync(this.encoded.br);
    throw new Error('a cached reply holds no bytes');
  }
}

/** Replies this small go out as they are: compression would save a few hundred bytes for its own cost. */
export const COMPRESS_THRESHOLD = 2048;
// Measured on the bench mix's replies at 50,000 products (33 kB of JSON on average, 22 of them over
// 40 kB): brotli at quality 1 makes the same size as gzip at level 3 (4.5 kB for the large ones) in
// about half the CPU (0.11 against 0.20 ms) and decodes faster, so a miss makes br whenever the client
// takes it. Gzip stays at level 3: level 6 was 0.26 ms for 14 % fewer bytes.
const GZIP_LEVEL = 3;
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } };

export function buildReply(json: string): CachedReply {
  return new CachedReply(Buffer.from(json));
}

export interface ReplyCacheStats {
  hits: number;
  misses: number;
  /** Requests that asked for a fresh answer (`cache-control: no-cache`). */
  bypassed: number;
  entries: number;
  /** Bytes held: keys and every kept copy (the JSON until a compressed copy replaces it). */
  bytes: number;
  maxBytes: number;
}

/** Default cap when REPLY_CACHE_MB is not set: a few thousand listing replies with their gzip. */
export const DEFAULT_REPLY_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * Finished catalogue replies by query, least recently used dropped first, bounded in bytes. Shoppers
 * ask the same things over and over (category pages, their sorts and first pages, popular searches),
 * and the answer only changes with the catalogue: the owner clears this whenever a change is applied,
 * so an entry can never outlive the catalogue it was computed from.
 */
export class ReplyCache {
  private readonly entries = new Map<string, CachedReply>();
  private bytes = 0;
  private readonly counts = { hits: 0, misses: 0, bypassed: 0 };

  constructor(private maxBytes = DEFAULT_REPLY_CACHE_BYTES) {}

  /** Sets the cap (the server's REPLY_CACHE_MB), dropping the least recently used entries past it. */
  limit(maxBytes: number): void {
    this.maxBytes = maxBytes;
    this.evict();
  }

  get(key: string): CachedReply | undefined {
    const found = this.entries.get(key);
    if (!found) {
      this.counts.misses++;
      return undefined;
    }
    this.counts.hits++;
    // Map order is insertion order: moving the entry to the end keeps the oldest-used first.
    this.entries.delete(key);
    this.entries.set(key, found);
    return found;
  }

  bypass(): void {
    this.counts.bypassed++;
  }

  set(key: string, reply: CachedReply): void {
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= sizeOf(key, old);
    }
    if (sizeOf(key, reply) > this.maxBytes / 8) return; // one huge reply must not empty the cache
    this.entries.set(key, reply);
    this.bytes += sizeOf(key, reply);
    this.evict();
  }

  /**
   * The bytes of a reply in one encoding, made on first use; the cache counts what that adds to an
   * entry it holds. An entry dropped meanwhile (cleared, evicted) is not counted again.
   */
  body(key: string, reply: CachedReply, encoding: ReplyEncoding): Buffer {
    const { body, grew } = reply.bytes(encoding);
    if (grew !== 0 && this.entries.get(key) === reply) {
      this.bytes += grew;
      this.evict();
    }
    return body;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  stats(): ReplyCacheStats {
    return { ...this.counts, entries: this.entries.size, bytes: this.bytes, maxBytes: this.maxBytes };
  }

  private evict(): void {
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= sizeOf(oldest, entry);
    }
  }
}

const sizeOf = (key: string, reply: CachedReply) => key.length * 2 + reply.size;
