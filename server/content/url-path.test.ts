import { describe, expect, it } from 'vitest';
import { normaliseUrlPath, urlLookups, withoutStoreCode } from './url-path';

describe('normaliseUrlPath', () => {
  it('drops origin, query, hash and outer or doubled slashes', () => {
    expect(normaliseUrlPath('/anchors/through-bolts/')).toBe('anchors/through-bolts');
    expect(normaliseUrlPath('https://shop.example:8080/c/anchors?sort=price#top')).toBe('c/anchors');
    expect(normaliseUrlPath('//i//about-us//')).toBe('i/about-us');
    expect(normaliseUrlPath('  /  ')).toBe('');
  });

  it('decodes escaped segments but survives a broken escape', () => {
    expect(normaliseUrlPath('/p/TB%2FM10/bolt')).toBe('p/TB%2FM10/bolt');
    expect(normaliseUrlPath('/i/caf%C3%A9')).toBe('i/café');
    expect(normaliseUrlPath('/c/50%25-off')).toBe('c/50%-off');
    expect(normaliseUrlPath('/c/%E0%A4%A')).toBe('c/%E0%A4%A');
  });
});

describe('withoutStoreCode', () => {
  it('strips a known store code only when something follows it', () => {
    expect(withoutStoreCode('de/c/anchors')).toBe('c/anchors');
    expect(withoutStoreCode('it/about-us')).toBe('about-us');
    expect(withoutStoreCode('de')).toBeUndefined();
    expect(withoutStoreCode('fr/c/anchors')).toBeUndefined();
    expect(withoutStoreCode('design/tools')).toBeUndefined();
  });
});

describe('urlLookups', () => {
  it('reads the dispatcher-off route forms before the stored path', () => {
    expect(urlLookups('p/TB-M10/through-bolt/TB-M10-100')).toEqual([
      { kind: 'product', parentSku: 'TB-M10', slug: 'through-bolt', childSku: 'TB-M10-100' },
      { kind: 'path', path: 'p/TB-M10/through-bolt/TB-M10-100' },
    ]);
    expect(urlLookups('p/TB-M10/through-bolt')[0]).toEqual({ kind: 'product', parentSku: 'TB-M10', slug: 'through-bolt' });
    expect(urlLookups('c/anchors')[0]).toEqual({ kind: 'category', key: 'anchors' });
    expect(urlLookups('i/about-us')[0]).toEqual({ kind: 'cms_page', identifier: 'about-us' });
  });

  it('treats anything else as a stored url path', () => {
    expect(urlLookups('anchors/through-bolts')).toEqual([{ kind: 'path', path: 'anchors/through-bolts' }]);
    expect(urlLookups('p/only-one')).toEqual([{ kind: 'path', path: 'p/only-one' }]);
    expect(urlLookups('')).toEqual([]);
  });
});
