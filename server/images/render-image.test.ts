import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PRODUCT_FAMILIES } from './image-subject';
import { formatFor, renderImage } from './render-image';

describe('renderImage', () => {
  it.each(PRODUCT_FAMILIES)('rasterises the %s drawing with something drawn on it', async (family) => {
    const bytes = await renderImage({ width: 210, height: 300, action: 'crop', path: `product/${family}/x-m8-1.jpg` }, 'jpeg');
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 210, 300]);
    // The middle of the picture (between caption and label) is plain background unless drawn on.
    // (stats() reads its input, so the extracted region is encoded first.)
    const middle = await sharp(bytes).extract({ left: 30, top: 60, width: 150, height: 160 }).toBuffer();
    const stats = await sharp(middle).stats();
    expect(Math.max(...stats.channels.map((c) => c.stdev))).toBeGreaterThan(25);
  });

  it('keeps the exact box for resize and crop, and the aspect for fit', async () => {
    const size = async (action: 'resize' | 'crop' | 'fit') => {
      const meta = await sharp(await renderImage({ width: 400, height: 400, action, path: 'product/bolts/b-1.jpg' }, 'webp')).metadata();
      return [meta.format, meta.width, meta.height];
    };
    expect(await size('resize')).toEqual(['webp', 400, 400]);
    expect(await size('crop')).toEqual(['webp', 400, 400]);
    expect(await size('fit')).toEqual(['webp', 323, 400]);
  });

  it('letterboxes resize on a light background', async () => {
    const bytes = await renderImage({ width: 600, height: 300, action: 'resize', path: 'product/power-tools/p-1.jpg' }, 'jpeg');
    const { data } = await sharp(bytes).extract({ left: 0, top: 0, width: 20, height: 20 }).raw().toBuffer({ resolveWithObject: true });
    expect(Math.min(...data)).toBeGreaterThan(240);
  });

  it('picks WebP only when the Accept header allows it', () => {
    expect(formatFor('image/avif,image/webp,*/*')).toBe('webp');
    expect(formatFor('image/*')).toBe('jpeg');
    expect(formatFor(undefined)).toBe('jpeg');
  });
});
