import { describe, expect, it } from 'vitest';
import { parseImageRequest } from './image-request';
import { describeImagePath } from './image-subject';

const bad = (rest: string) => {
  const parsed = parseImageRequest(rest);
  return parsed.ok ? 'accepted' : parsed.message;
};

describe('parseImageRequest', () => {
  it('reads sized requests and originals', () => {
    expect(parseImageRequest('324/489/resize/product/bolts/blt-m8-1.jpg')).toEqual({
      ok: true,
      value: { width: 324, height: 489, action: 'resize', path: 'product/bolts/blt-m8-1.jpg' },
    });
    expect(parseImageRequest('210/300/crop/category/anchors.jpg')).toMatchObject({ ok: true, value: { action: 'crop' } });
    expect(parseImageRequest('product/bolts/blt-m8-1.jpg')).toEqual({
      ok: true,
      value: { width: 600, height: 744, action: 'resize', path: 'product/bolts/blt-m8-1.jpg' },
    });
  });

  it('accepts any side from 16 to 1200 and rejects others', () => {
    expect(bad('16/1200/fit/a.jpg')).toBe('accepted');
    expect(bad('15/300/resize/a.jpg')).toBe('width: must be a whole number of pixels between 16 and 1200');
    expect(bad('300/1201/resize/a.jpg')).toBe('height: must be a whole number of pixels between 16 and 1200');
    expect(bad('0/0/resize/a.jpg')).toMatch(/^width: /);
    expect(bad('99999999/300/resize/a.jpg')).toMatch(/^width: /);
  });

  it('rejects unknown actions and unsafe paths', () => {
    expect(bad('300/300/rotate/a.jpg')).toBe('action: must be one of resize, crop, fit');
    expect(bad('300/300/resize/')).toBe('path: an image path is required');
    expect(bad('')).toBe('path: an image path is required');
    expect(bad('300/300/resize/product/../../etc/passwd')).toBe('path: must not contain "." or ".." segments');
    expect(bad('300/300/resize//etc/passwd')).toBe('path: must be relative, not absolute');
    expect(bad('/etc/passwd')).toBe('path: must be relative, not absolute');
    expect(bad('C:/windows/win.ini')).toBe('path: must be relative, not absolute');
    expect(bad('product/bolts/a b.jpg')).toBe('path: may only contain letters, digits, ".", "-", "_" and "/"');
    expect(bad('product/bolts/a%00.jpg')).toMatch(/^path: may only/);
    expect(bad('product/.hidden')).toMatch(/^path: may only/);
    expect(bad(`product/${'a'.repeat(300)}.jpg`)).toBe('path: must be at most 200 characters');
  });
});

describe('describeImagePath', () => {
  it('reads family, SKU and view from product paths', () => {
    expect(describeImagePath('product/drill-bits/db-sds-10x160-3.jpg')).toEqual({ kind: 'product', family: 'drill-bits', sku: 'DB-SDS-10X160', view: 3 });
    expect(describeImagePath('product/bolts/blt.jpg')).toEqual({ kind: 'product', family: 'bolts', sku: 'BLT', view: 1 });
  });

  it('tells categories, banners, blog posts and unknown paths apart', () => {
    expect(describeImagePath('category/power-tools.jpg')).toEqual({ kind: 'category', slug: 'power-tools', family: 'power-tools' });
    expect(describeImagePath('category/spring-deals.jpg')).toEqual({ kind: 'category', slug: 'spring-deals', family: undefined });
    expect(describeImagePath('banner/7.jpg')).toEqual({ kind: 'banner', id: '7', family: undefined });
    expect(describeImagePath('blog/tips.jpg')).toEqual({ kind: 'blog', slug: 'tips' });
    expect(describeImagePath('product/ladders/l-1.jpg')).toEqual({ kind: 'unknown', name: 'l-1' });
  });

  it('reads the demo catalogue forms of category and content images', () => {
    expect(describeImagePath('product/anchors/category-sleeve-anchors-1.jpg')).toEqual({ kind: 'category', slug: 'sleeve-anchors', family: 'anchors' });
    expect(describeImagePath('content/banners/summer-sale.jpg')).toEqual({ kind: 'banner', id: 'summer-sale', family: undefined });
    expect(describeImagePath('content/banners/main-anchors.jpg')).toEqual({ kind: 'banner', id: 'main-anchors', family: 'anchors' });
    expect(describeImagePath('content/cms/about-us.jpg')).toEqual({ kind: 'banner', id: 'about-us', family: undefined });
    expect(describeImagePath('content/blog/choosing-anchors.jpg')).toEqual({ kind: 'blog', slug: 'choosing-anchors' });
    expect(describeImagePath('content/accreditations/iso-9001.jpg')).toEqual({ kind: 'badge', name: 'iso-9001' });
    expect(describeImagePath('content/other/x.jpg')).toEqual({ kind: 'unknown', name: 'x' });
    expect(describeImagePath('content/blog.jpg')).toEqual({ kind: 'unknown', name: 'blog' });
  });
});
