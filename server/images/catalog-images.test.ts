import { describe, expect, it } from 'vitest';
import type { CatalogEntity } from '../catalog/catalog-store';
import { CatalogueImages, imagePathsIn } from './catalog-images';

describe('imagePathsIn', () => {
  it('finds picture fields at any depth and pictures linked from HTML', () => {
    const product = {
      sku: 'BLT-1',
      image: '/product/bolts/blt-1-1.jpg',
      media_gallery: [{ image: '/product/bolts/blt-1-2.jpg', lab: 'view 2' }],
      description: '<p>See <img src="/img/324/489/resize/content/cms/fitting.png"> and <img src="/img/content/cms/plain.jpg"></p>',
      url_key: 'blt-1.jpg-not-a-path because of spaces',
    };
    expect([...imagePathsIn(product)].sort()).toEqual(['content/cms/fitting.png', 'content/cms/plain.jpg', 'product/bolts/blt-1-1.jpg', 'product/bolts/blt-1-2.jpg']);
  });
});

describe('CatalogueImages', () => {
  function catalogue(docs: Partial<Record<CatalogEntity, Record<string, unknown>[]>>) {
    const state = { seq: 1, docs, reads: 0 };
    const source = {
      get seq() {
        return state.seq;
      },
      index: (entity: CatalogEntity) => ({
        documents: () => {
          if (entity === 'product') state.reads++;
          return { docs: (state.docs[entity] ?? []) as never[], seqs: [] };
        },
      }),
    };
    return { state, images: new CatalogueImages(source) };
  }

  it('knows the catalogue pictures, and reads again only when the catalogue changed', () => {
    const { state, images } = catalogue({ product: [{ image: '/product/bolts/a-1.jpg' }], banner: [{ image: '/content/banners/b.jpg' }] });
    expect(images.has('product/bolts/a-1.jpg')).toBe(true);
    expect(images.has('content/banners/b.jpg')).toBe(true);
    for (let i = 0; i < 100; i++) expect(images.has(`product/bolts/made-up-${i}.jpg`)).toBe(false);
    expect(state.reads).toBe(1);
    state.docs.product = [{ image: '/product/bolts/new-1.jpg' }];
    state.seq = 2;
    expect(images.has('product/bolts/new-1.jpg')).toBe(true);
    expect(state.reads).toBe(2);
  });
});
