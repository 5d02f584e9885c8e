import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync, type BrotliOptions, type ZlibOptions } from 'node:zlib';

/** How a reply's bytes go on the wire: as they are, or compressed as the client accepts. */
export type ReplyEncoding = 'identity' | 'gzip' | 'br';
type Compressed = Exclude<ReplyEncoding, 'identity'>;

/**
 * One finished `/api/catalog` reply: the bytes sent for each encoding a client has asked for so far.
 * Each encoding is compressed when first wanted, then kept, so a cache hit costs no JSON
 * serialisation and no compression. Once a compressed copy exists the JSON itself is let go: a
 * listing's JSON is five or six times its gzip, and holding only what browsers are sent lets the
 * cache keep every popular query instead of evicting them (at 50,000 products the popular set did
 * not fit in 64 MB with the JSON kept). A client that takes no compression, which browsers never
 * are, gets the JSON back by decompressing the kept copy.
 *
 * Most replies are sent once (a long-tail search, a forced refresh), so the first copy is made at the
 * cheapest setting; a reply asked for again (`HITS_TO_RECOMPRESS` cache hits) is popular, and its copy
 * is made again smaller once, for every later hit.
 */
export class CachedReply {
  private json: Buffer | undefined;
  private readonly encoded: Partial<Record<Compressed, Buffer>> = {};
  /** The encodings whose kept copy is the cheap first one, as bits (`QUICK_BIT`). */
  private quick = 0;
  /** How many times the cache has answered with this reply. */
  hits = 0;
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

  /** Whether the copy kept for `encoding` is the cheap first one, to be made again smaller if asked for again. */
  isQuick(encoding: ReplyEncoding): boolean {
    return encoding !== 'identity' && (this.quick & QUICK_BIT[encoding]) !== 0;
  }

  /**
   * The bytes for `encoding`. A compressed copy is made and kept on first use (the cheap way), made
   * again smaller once the reply has had `HITS_TO_RECOMPRESS` hits, and the JSON dropped once a copy
   * exists; `grew` is how many bytes the entry changed by (negative when it shrank).
   */
  bytes(encoding: ReplyEncoding): { body: Buffer; grew: number } {
    if (encoding === 'identity') return { body: this.plain(), grew: 0 };
    const made = this.encoded[encoding];
    const better = this.hits >= HITS_TO_RECOMPRESS;
    if (made && !(better && this.isQuick(encoding))) return { body: made, grew: 0 };
    const before = this.size;
    const body = compress(this.plain(), encoding, better);
    this.encoded[encoding] = body;
    if (better) this.quick &= ~QUICK_BIT[encoding];
    else this.quick |= QUICK_BIT[encoding];
    if (this.compressible) this.json = undefined;
    return { body, grew: this.size - before };
  }

  get size(): number {
    return (this.json?.length ?? 0) + (this.encoded.gzip?.length ?? 0) + (this.encoded.br?.length ?? 0);
  }

  /** The JSON: kept, or decompressed from a kept copy (not kept again). */
  private plain(): Buffer {
    if (this.json) return this.json;
    if (this.encoded.br) return brotliDecompressSync(this.encoded.br);
    if (this.encoded.gzip) return gunzipSync(this.encoded.gzip);
    throw new Error('a cached reply holds no bytes');
  }
}

const QUICK_BIT: Record<Compressed, number> = { br: 1, gzip: 2 };

/** Replies this small go out as they are: compression would save a few hundred bytes for its own cost. */
export const COMPRESS_THRESHOLD = 2048;
/** Cache hits after which a reply's cheap first copy is made again smaller. */
export const HITS_TO_RECOMPRESS = 2;
// Measured on the bench mix's replies at 50,000 products (36 kB of JSON median; CPU per reply, mean
// bytes): brotli quality 0 0.038 ms for 4.2 kB, quality 1 0.051 ms for 3.7 kB, quality 4 0.17 ms
// for 3.0 kB, quality 5 0.24 ms for 2.7 kB; gzip level 1 0.079 ms for 3.9 kB, level 3 0.092 ms for
// 3.7 kB, level 6 0.20 ms for 3.2 kB. A first copy is made at brotli 0 or gzip 1; a popular one again
// at brotli 5 or gzip 6 (a third and a sixth fewer bytes) for every later hit, for one compression.
const QUICK: Record<Compressed, ZlibOptions | BrotliOptions> = { br: brotli(0), gzip: { level: 1 } };
const SMALL: Record<Compressed, ZlibOptions | BrotliOptions> = { br: brotli(5), gzip: { level: 6 } };

function brotli(quality: number): BrotliOptions {
  return { params: { [constants.BROTLI_PARAM_QUALITY]: quality } };
}

function compress(json: Buffer, encoding: Compressed, small: boolean): Buffer {
  // zlib writes into chunks of `chunkSize` (16 kB by default) and hands back a view of the first: a
  // 4 kB reply kept that way holds 16 kB. A chunk about the size expected, and a copy when the result
  // still fills less than half of it, keep what the cache counts close to what it holds.
  const chunkSize = Math.max(4096, (json.length >> 3) + 1024);
  const options = { ...(small ? SMALL : QUICK)[encoding], chunkSize };
  const made = encoding === 'gzip' ? gzipSync(json, options) : brotliCompressSync(json, { ...options, params: { ...(options as BrotliOptions).params, [constants.BROTLI_PARAM_SIZE_HINT]: json.length } });
  if (made.byteLength * 2 >= made.buffer.byteLength) return made;
  const exact = Buffer.allocUnsafeSlow(made.byteLength);
  made.copy(exact);
  return exact;
}

export function buildReply(json: string): CachedReply {
  return new CachedReply(Buffer.from(json));
}

export interface ReplyCacheStats {
  hits: number;
  misses: number;
  /** Requests that asked for a fresh answer (`cache-control: no-cache`). */
  bypassed: number;
  /** Popular replies whose cheap first compressed copy was made again smaller. */
  recompressed: number;
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
  private readonly counts = { hits: 0, misses: 0, bypassed: 0, recompressed: 0 };

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
    found.hits++;
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
   * The bytes of a reply in one encoding, made on first use and made again smaller once the reply is
   * popular; the cache counts what that changes in an entry it holds. A reply it does not hold
   * (cleared, evicted, or too large to keep) is not counted, and a copy it has is not made again.
   */
  body(key: string, reply: CachedReply, encoding: ReplyEncoding): Buffer {
    const held = this.entries.get(key) === reply;
    if (!held && encoding !== 'identity') {
      const kept = reply.peek(encoding);
      if (kept) return kept;
    }
    const recompress = reply.isQuick(encoding);
    const { body, grew } = reply.bytes(encoding);
    if (recompress && !reply.isQuick(encoding)) this.counts.recompressed++;
    if (grew !== 0 && held) {
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
