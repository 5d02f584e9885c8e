import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildReply, COMPRESS_THRESHOLD, ReplyCache } from './reply-cache';
import { parseReplyEncoding } from './reply-encoding';

const json = (n: number) => JSON.stringify({ code: 200, result: { items: Array.from({ length: n }, (_, i) => ({ sku: `SKU-${i}`, name: `Fixing ${i}` })) } });

describe('ReplyCache', () => {
  it('makes each encoding once, from the same JSON, and counts its bytes', () => {
    const cache = new ReplyCache();
    const reply = buildReply(json(200));
    expect(reply.compressible).toBe(true);
    cache.set('k', reply);
    const plain = cache.stats().bytes;
    const gzip = cache.body('k', reply, 'gzip');
    expect(cache.body('k', reply, 'gzip')).toBe(gzip); // kept, not made again
    const br = cache.body('k', reply, 'br');
    expect(gunzipSync(gzip).equals(reply.json)).toBe(true);
    expect(brotliDecompressSync(br).equals(reply.json)).toBe(true);
    expect(cache.stats().bytes).toBe(plain + gzip.length + br.length);
    expect(cache.body('k', reply, 'identity')).toBe(reply.json);
  });

  it('drops the least recently used entries once past its byte cap, compressed copies counted', () => {
    const size = buildReply(json(100)).json.length + 2; // the one-letter key counts 2 bytes
    const cap = size * 10;
    const cache = new ReplyCache(cap);
    const keys = 'abcdefghij'.split('');
    const replies = new Map(keys.map((key) => [key, buildReply(json(100))]));
    for (const [key, reply] of replies) cache.set(key, reply);
    expect(cache.stats()).toMatchObject({ entries: 10, bytes: cap });
    cache.get('a'); // a is now the most recently used: b goes first
    cache.body('j', replies.get('j')!, 'br');
    expect(cache.stats().entries).toBe(9);
    expect(cache.stats().bytes).toBeLessThanOrEqual(cap);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('j')).toBeDefined();
  });

  it('keeps nothing larger than an eighth of its cap, and a lowered cap evicts at once', () => {
    const reply = buildReply(json(100));
    const small = new ReplyCache(reply.json.length * 4);
    small.set('big', reply);
    expect(small.stats().entries).toBe(0);
    const cache = new ReplyCache();
    cache.set('a', buildReply(json(100)));
    cache.set('b', buildReply(json(100)));
    cache.limit(reply.json.length + 50);
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
});
