import { describe, expect, it } from 'vitest';
import { bannerImageUrl, IMAGE_SIZES, imageUrl, responsiveImage, type ImageSize } from '../../src/domain/images/image-url';
import { MAX_SIDE, MIN_SIDE } from './image-request';
import { snapBox } from './image-sizes';

/** Every box the pages ask for: catalogue sizes with their srcset candidates, banners, blog pictures. */
function pageBoxes(): { width: number; height: number }[] {
  const urls = (Object.keys(IMAGE_SIZES) as ImageSize[]).flatMap((size) => {
    const image = responsiveImage('product/bolts/b-1.jpg', size);
    return [image.src, ...(image.srcSet?.split(', ').map((candidate) => candidate.split(' ')[0] ?? '') ?? [])];
  });
  urls.push(bannerImageUrl('content/banners/x.jpg'), imageUrl('content/blog/x.jpg', 480, 270), imageUrl('content/blog/x.jpg', 960, 540));
  return urls.map((url) => {
    const [, width, height] = /^\/img\/(\d+)\/(\d+)\//.exec(url) ?? [];
    return { width: Number(width), height: Number(height) };
  });
}

describe('snapBox', () => {
  it('leaves every size the pages ask for as it is', () => {
    const boxes = pageBoxes();
    expect(boxes.length).toBeGreaterThanOrEqual(10);
    for (const box of boxes) expect(snapBox(box)).toEqual(box);
  });

  it('answers any other size with a picture of a known shape, at least as wide where it can be', () => {
    expect(snapBox({ width: 400, height: 400 })).toEqual({ width: 480, height: 595 });
    expect(snapBox({ width: 17, height: 1200 })).toEqual({ width: 171, height: 258 });
    expect(snapBox({ width: 1200, height: 16 })).toEqual({ width: 960, height: 480 });
    expect(snapBox({ width: 1000, height: 1500 })).toEqual({ width: 648, height: 978 });
  });

  it('gives a few dozen boxes at most for every possible request', () => {
    const seen = new Set<string>();
    for (let width = MIN_SIDE; width <= MAX_SIDE; width += 7) {
      for (let height = MIN_SIDE; height <= MAX_SIDE; height += 7) {
        const box = snapBox({ width, height });
        expect(Math.max(box.width, box.height)).toBeLessThanOrEqual(MAX_SIDE);
        seen.add(`${box.width}x${box.height}`);
      }
    }
    expect(seen.size).toBeLessThanOrEqual(40);
  });
});
