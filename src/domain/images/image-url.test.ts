import { describe, expect, it } from 'vitest';
import { IMAGE_SIZES, responsiveImage } from './image-url';

describe('responsive catalogue images', () => {
  it("offers a tile's picture at the width a phone draws it, each candidate in the tile's box shape and within the endpoint's 1200 px", () => {
    const tile = responsiveImage('/a/b.jpg', 'thumbnail');
    expect(tile.src).toBe('/img/324/489/resize/a/b.jpg');
    const candidates = tile.srcSet!.split(', ').map((c) => /^\/img\/(\d+)\/(\d+)\/resize\/a\/b\.jpg (\d+)w$/.exec(c)!.slice(1).map(Number));
    expect(candidates.map(([w]) => w)).toEqual([171, 324, 648]);
    for (const [w, h, descriptor] of candidates) {
      expect(descriptor).toBe(w);
      expect(Math.abs(h! / w! - 489 / 324)).toBeLessThan(0.01);
      expect(Math.max(w!, h!)).toBeLessThanOrEqual(1200);
    }
    expect(tile.sizes).toContain('calc(50vw - 2rem)');
  });

  it('gives the gallery a srcset and leaves the small cart size a single picture', () => {
    const gallery = responsiveImage('x.png', 'gallery');
    expect(gallery.srcSet).toContain(`/img/${IMAGE_SIZES.gallery[0]}/${IMAGE_SIZES.gallery[1]}/resize/x.png 600w`);
    for (const c of gallery.srcSet!.split(', ')) expect(Math.max(...c.split('/').slice(2, 4).map(Number))).toBeLessThanOrEqual(1200);
    expect(responsiveImage('x.png', 'cart')).toEqual({ src: '/img/210/300/resize/x.png', width: 210, height: 300 });
  });
});
