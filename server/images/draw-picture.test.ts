import { describe, expect, it } from 'vitest';
import { DRAWING_VERSION, FAMILY_DRAWINGS, drawPicture, escapeXml, viewTransform } from './draw-picture';
import { FAMILY_PALETTES, NEUTRAL_PALETTE } from './family-palettes';
import { PRODUCT_FAMILIES } from './image-subject';

const stageOf = (svg: string) => /<g clip-path="url\(#stage\)">([\s\S]*)<\/g><\/g>/.exec(svg)?.[1] ?? '';

describe('drawPicture', () => {
  it.each(PRODUCT_FAMILIES)('draws %s in its own colours with the SKU and family name', (family) => {
    const svg = drawPicture(`product/${family}/abc-m8x60-1.jpg`);
    const palette = FAMILY_PALETTES[family];
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="600" height="744"')).toBe(true);
    expect(svg.endsWith('</svg>')).toBe(true);
    expect(svg).toContain(`<rect width="600" height="744" fill="${palette.background}"/>`);
    expect(svg).toContain('>ABC-M8X60</text>');
    expect(svg).toContain(`>${family.replace('-', ' ').toUpperCase()}</text>`);
    expect(svg).toContain(FAMILY_DRAWINGS[family](palette));
    expect(svg).not.toContain('font-family="serif"');
  });

  it('gives every family a different background and a different drawing', () => {
    const backgrounds = new Set(PRODUCT_FAMILIES.map((f) => FAMILY_PALETTES[f].background));
    expect(backgrounds.size).toBe(PRODUCT_FAMILIES.length);
    const stages = new Set(PRODUCT_FAMILIES.map((f) => stageOf(drawPicture(`product/${f}/x-1.jpg`))));
    expect(stages.size).toBe(PRODUCT_FAMILIES.length);
  });

  it('is deterministic and varies the angle and zoom by view number', () => {
    expect(drawPicture('product/bolts/blt-1.jpg')).toBe(drawPicture('product/bolts/blt-1.jpg'));
    expect(viewTransform(1)).toBe('translate(300 345) rotate(0) scale(1) translate(-300 -345)');
    expect(viewTransform(2)).toBe('translate(300 345) rotate(-16) scale(1.16) translate(-300 -345)');
    const views = new Set([1, 2, 3, 4, 5, 6, 7].map(viewTransform));
    expect(views.size).toBe(7);
    expect(drawPicture('product/bolts/blt-2.jpg')).toContain(viewTransform(2));
    expect(drawPicture('product/bolts/blt-2.jpg')).not.toBe(drawPicture('product/bolts/blt-1.jpg'));
  });

  it('draws an unknown family as a neutral tile with the file name', () => {
    const svg = drawPicture('product/ladders/lad-3m-1.jpg');
    expect(svg).toContain(`fill="${NEUTRAL_PALETTE.background}"`);
    expect(svg).toContain('>LAD 3M 1</text>');
    expect(svg).toContain('>IMAGE</text>');
  });

  it('draws categories, banners and blog posts with their names', () => {
    const category = drawPicture('category/drill-bits.jpg');
    expect(category).toContain(`fill="${FAMILY_PALETTES['drill-bits'].background}"`);
    expect(category).toContain('>DRILL BITS</text>');
    expect(category).toContain('>CATEGORY</text>');
    expect(drawPicture('banner/spring-sale.jpg')).toContain('>SPRING SALE</text>');
    expect(drawPicture('banner/spring-sale.jpg')).toContain('>OFFER</text>');
    expect(drawPicture('blog/fixing-to-brick.jpg')).toContain('>FIXING TO BRICK</text>');
    expect(drawPicture('banner/a.jpg')).not.toBe(drawPicture('banner/b.jpg'));
    expect(drawPicture('content/accreditations/iso-9001.jpg')).toContain('>ISO 9001</text>');
    expect(drawPicture('product/anchors/category-sleeve-anchors-1.jpg')).toContain('>SLEEVE ANCHORS</text>');
  });

  it('shrinks long labels and escapes text', () => {
    const svg = drawPicture('product/screws/scr-very-long-stainless-countersunk-6x120-1.jpg');
    const size = Number(/font-size="(\d+)" fill="#ffffff">SCR-VERY/.exec(svg)?.[1]);
    expect(size).toBeLessThan(40);
    expect(size).toBeGreaterThanOrEqual(14);
    expect(escapeXml(`<a href="x">&'`)).toBe('&#60;a href=&#34;x&#34;&#62;&#38;&#39;');
    expect(DRAWING_VERSION).toBeGreaterThan(0);
  });
});
