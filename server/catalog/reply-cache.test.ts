import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildReply, COMPRESS_THRESHOLD, HITS_TO_RECOMPRESS, ReplyCache } from './reply-cache';
import { catalogReplyEncoding, parseReplyEncoding, pageEncoding } from './reply-encoding';

const json = (n: number) => JSON.stringify({ code: 200, result: { items: Array.from({ length: n }, (_, i) => ({ sku: `SKU-${i}`, name: `Fixing ${i}` })) } });

describe('ReplyCache', () => {
  it('makes each encoding once, from the same JSON, and keeps only the compressed copies', () => {
    const cache = new ReplyCache();
    const text = json(200);
    const plainBytes = Buffer.from(text);
    const reply = buildReply(text);
    expect(reply.compressible).toBe(true);
    cache.set('k', reply);
    expect(cache.stats().bytes).toBe(2 + plainBytes.length);
    const gzip = cache.body('k', reply, 'gzip');
    expect(cache.body('k', reply, 'gzip')).toBe(gzip); // kept, not made again
    expect(gunzipSync(gzip).equals(plainBytes)).toBe(true);
    // The JSON is let go once a compressed copy exists: the entry now counts only the gzip.
    expect(reply.peek('identity')).toBeUndefined();
    expect(cache.stats().bytes).toBe(2 + gzip.length);
    const br = cache.body('k', reply, 'br');
    expect(brotliDecompressSync(br).equals(plainBytes)).toBe(true);
    expect(cache.stats().bytes).toBe(2 + gzip.length + br.length);
    // A client taking no compression still gets the exact JSON, decompressed and not kept again.
    expect(cache.body('k', reply, 'identity').equals(plainBytes)).toBe(true);
    expect(cache.stats().bytes).toBe(2 + gzip.length + br.length);
    expect(reply.length).toBe(plainBytes.length);
  });

  it('holds several times more listings in the same bytes once they are compressed', () => {
    const probe = buildReply(json(100));
    const cap = (probe.length + 2) * 9;
    const cache = new ReplyCache(cap);
    const keys = Array.from({ length: 30 }, (_, i) => `k${i}`);
    for (const key of keys) {
      const reply = buildReply(json(100));
      cache.set(key, reply);
      cache.body(key, reply, 'gzip');
    }
    // Thirty listings whose JSON alone would fit nine times: all kept as gzip.
    expect(cache.stats().entries).toBe(keys.length);
    expect(cache.stats().bytes).toBeLessThanOrEqual(cap);
  });

  it('keeps the JSON of a small reply, which is never compressed', () => {
    const reply = buildReply('{"code":200,"result":{"items":[]}}');
    expect(reply.bytes('identity').body.toString()).toBe('{"code":200,"result":{"items":[]}}');
    expect(reply.peek('identity')).toBeDefined();
  });

  it('drops the least recently used entries once past its byte cap, compressed copies counted', () => {
    const keys = 'abcdefghij'.split('');
    const replies = new Map(keys.map((key) => [key, buildReply(json(100))]));
    const cache = new ReplyCache();
    for (const [key, reply] of replies) {
      cache.set(key, reply);
      cache.body(key, reply, 'gzip');
    }
    const cap = cache.stats().bytes;
    cache.limit(cap);
    expect(cache.stats()).toMatchObject({ entries: 10, bytes: cap });
    cache.get('a'); // a is now the most recently used: b goes first
    cache.body('j', replies.get('j')!, 'br');
    expect(cache.stats().entries).toBeLessThan(10);
    expect(cache.stats().bytes).toBeLessThanOrEqual(cap);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('j')).toBeDefined();
  });

  it('keeps nothing larger than an eighth of its cap, and a lowered cap evicts at once', () => {
    const reply = buildReply(json(100));
    const small = new ReplyCache(reply.length * 4);
    small.set('big', reply);
    expect(small.stats().entries).toBe(0);
    const cache = new ReplyCache();
    cache.set('a', buildReply(json(100)));
    cache.set('b', buildReply(json(100)));
    cache.limit(reply.length + 50);
    expect(cache.stats().entries).toBe(1);
    expect(cache.get('b')).toBeDefined();
  });

  it('does not count bytes made for an entry it no longer holds', () => {
    const cache = new ReplyCache();
    const reply = buildReply(json(100));
    cache.set('k', reply);
    cache.clear();
    cache.body('k', reply, 'gzip');
    expect(cache.stats().bytes).toBe(0);
  });

  it('makes a reply cheaply first, and smaller once it is popular, counted in the cache', () => {
    const cache = new ReplyCache();
    const text = json(400);
    const reply = buildReply(text);
    cache.set('k', reply);
    const quick = cache.body('k', reply, 'br');
    expect(reply.isQuick('br')).toBe(true);
    for (let hit = 1; hit < HITS_TO_RECOMPRESS; hit++) {
      cache.get('k');
      expect(cache.body('k', reply, 'br')).toBe(quick);
    }
    cache.get('k');
    const small = cache.body('k', reply, 'br');
    expect(small.length).toBeLessThan(quick.length);
    expect(brotliDecompressSync(small).toString()).toBe(text);
    expect(reply.isQuick('br')).toBe(false);
    expect(cache.stats()).toMatchObject({ recompressed: 1, bytes: 2 + small.length });
    cache.get('k');
    expect(cache.body('k', reply, 'br')).toBe(small); // made once
    // gzip asked for only now: made straight away at the smaller setting.
    const gzip = cache.body('k', reply, 'gzip');
    expect(gunzipSync(gzip).toString()).toBe(text);
    expect(reply.isQuick('gzip')).toBe(false);
  });

  it('keeps compressed copies in buffers of their own size, as counted', () => {
    const cache = new ReplyCache();
    for (const n of [20, 100, 400, 2000]) {
      const reply = buildReply(json(n));
      cache.set(`k${n}`, reply);
      for (const encoding of ['br', 'gzip'] as const) {
        const body = cache.body(`k${n}`, reply, encoding);
        expect(body.buffer.byteLength).toBeLessThanOrEqual(2 * body.length);
      }
    }
  });

  it('evicts in use order through many hits and replacements', () => {
    const cache = new ReplyCache();
    const replies = Array.from({ length: 50 }, () => buildReply(json(5)));
    replies.forEach((reply, i) => cache.set(`k${i}`, reply));
    for (let i = 0; i < 50; i += 2) cache.get(`k${i}`); // evens now the most recent, in order
    cache.set('k1', buildReply(json(5))); // replaced: newest of all
    const per = cache.stats().bytes / 50;
    cache.limit(Math.ceil(per * 26));
    const kept = Array.from({ length: 50 }, (_, i) => i).filter((i) => cache.get(`k${i}`) !== undefined);
    expect(kept).toEqual([1, ...Array.from({ length: 25 }, (_, i) => 2 * i)].sort((a, b) => a - b));
  });

  it('leaves small replies uncompressed', () => {
    expect(buildReply('{"code":200,"result":{"items":[]}}').compressible).toBe(false);
    expect(buildReply('x'.repeat(COMPRESS_THRESHOLD)).compressible).toBe(true);
  });
});

describe('parseReplyEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br', 'gzip'],
    ['br', 'br'],
    ['deflate, br;q=0.5', 'br'],
    ['gzip;q=0.2, br;q=0.9', 'br'],
    ['gzip;q=0, br;q=0', 'identity'],
    ['*', 'gzip'],
    ['*;q=0.5, gzip;q=0', 'br'],
    ['identity', 'identity'],
    ['GZIP', 'gzip'],
  ] as const)('%s → %s', (header, expected) => {
    expect(parseReplyEncoding(header)).toBe(expected);
  });

  it('lets br win a tie for catalogue replies, and only a tie', () => {
    expect(catalogReplyEncoding('gzip, deflate, br')).toBe('br');
    expect(catalogReplyEncoding('*')).toBe('br');
    expect(catalogReplyEncoding('gzip, br;q=0.5')).toBe('gzip');
    expect(catalogReplyEncoding('gzip')).toBe('gzip');
    expect(catalogReplyEncoding(undefined)).toBe('identity');
    expect(pageEncoding('gzip, deflate, br')).toBe('gzip');
  });
});
