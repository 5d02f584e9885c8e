import { describe, expect, it } from 'vitest';
import { pageRequest } from './page-request';

const SHOP = 'https://shop.example';
const filters = new Set(['bolt_diameter', 'colour']);
const read = (raw: string) => {
  const { url, cacheKey } = pageRequest(raw, SHOP, (code) => filters.has(code));
  return { url: url.href, cacheKey };
};

describe('pageRequest', () => {
  it.each([
    ['//evil.example/', 'https://shop.example/evil.example/'],
    ['/\\evil.example/', 'https://shop.example/evil.example/'],
    ['\\\\evil.example\\c\\screws', 'https://shop.example/evil.example/c/screws'],
    ['///evil.example//x', 'https://shop.example/evil.example/x'],
    ['/c/../../etc', 'https://shop.example/etc'],
    ['/p/A%2FB/x', 'https://shop.example/p/A%2FB/x'],
  ])('keeps %s on the shop origin', (raw, href) => {
    expect(read(raw).url).toBe(href);
  });

  it('keys the cache on the path and the parameters the pages read, without marketing ones', () => {
    expect(read('/')).toEqual({ url: `${SHOP}/`, cacheKey: '/' });
    expect(read('/?utm_source=x&utm_campaign=y&gclid=1&fbclid=2')).toEqual({ url: `${SHOP}/`, cacheKey: '/' });
    expect(read('/c/bolts?sort=price-asc&utm_medium=mail&bolt_diameter=10,12&price=0-50').cacheKey).toBe('/c/bolts?sort=price-asc&bolt_diameter=10%2C12&price=0-50');
    expect(read('/p/SKU/slug?childSku=SKU-1').cacheKey).toBe('/p/SKU/slug?childSku=SKU-1');
  });

  it('renders but does not cache a query with a parameter no page reads, or a value no page takes', () => {
    for (const raw of ['/?x=1', '/?cachebuster=123', '/c/bolts?sort=toString', '/c/bolts?sort=nonsense', '/c/bolts?price=cheap', '/c/bolts?colour=a&colour=b', '/p/X/y?edit=line-1']) {
      expect(read(raw).cacheKey).toBeUndefined();
    }
    expect(read('/?x=1&utm_source=a').url).toBe(`${SHOP}/?x=1`);
  });
});
