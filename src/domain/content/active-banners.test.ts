import { describe, expect, it } from 'vitest';
import { activeBanners } from './active-banners';

describe('activeBanners', () => {
  it('keeps status 1 only, by position then id, unpositioned last', () => {
    const docs = [
      { id: 4, status: 1 },
      { id: 3, status: 1, position: 2 },
      { id: 2, status: 0, position: 0 },
      { id: 1, status: 1, position: 2 },
      { id: 5, status: 1, position: 0 },
      { id: 6, status: '1', position: 1 },
    ];
    expect(activeBanners(docs).map((d) => d.id)).toEqual([5, 6, 1, 3, 4]);
  });
});
