import { describe, expect, it } from 'vitest';
import { formatPrice, parsePrice, readListState, toggleOption } from './filter-url';
import { projectFields } from '../catalog-query/project-fields';
import { categoryListQuery, homeListQuery, searchTextQuery, TILE_FIELDS } from './list-query';
import { bucketLabel } from '../../features/catalog/price-buckets';
import { tileFromProduct } from '../../features/catalog/product-tile-data';

describe('category list query', () => {
  it('pages by 50 from an offset, sorts by position descending by default and keeps out-of-stock items', () => {
    const q = categoryListQuery({ categoryId: 20, filters: { attributes: { bolt_diameter: ['10', '12'] }, price: { from: 50, to: 100 } }, sort: 'recommended', from: 50, facets: ['bolt_diameter'] });
    expect(q.size).toBe(50);
    expect(q.from).toBe(50);
    expect(q.searchQuery?._appliedSort).toEqual([{ field: 'position', options: 'desc' }]);
    expect(q.searchQuery?._appliedFilters).toContainEqual({ attribute: 'bolt_diameter', value: { in: ['10', '12'] } });
    expect(q.searchQuery?._appliedFilters).toContainEqual({ attribute: 'price_incl_tax', value: { gte: 50, lt: 100 } });
    expect(q.searchQuery?._appliedFilters).toContainEqual({ attribute: 'visibility', value: { in: [2, 4] } });
    expect(JSON.stringify(q.searchQuery)).not.toContain('is_in_stock');
  });

  it('maps the four sorts of SPEC §9', () => {
    const sortOf = (sort: 'latest' | 'price-asc' | 'price-desc') => categoryListQuery({ categoryId: 1, filters: { attributes: {} }, sort, from: 0, facets: [] }).searchQuery?._appliedSort;
    expect(sortOf('latest')).toEqual([{ field: 'updated_at', options: 'desc' }]);
    expect(sortOf('price-asc')).toEqual([{ field: 'final_price', options: 'asc' }]);
    expect(sortOf('price-desc')).toEqual([{ field: 'final_price', options: 'desc' }]);
  });

  it('home lists are 8 by created_at descending; search shows visibility 2, 3 and 4', () => {
    expect(homeListQuery().size).toBe(8);
    expect(homeListQuery().searchQuery?._appliedSort).toEqual([{ field: 'created_at', options: 'desc' }]);
    expect(searchTextQuery('anchr', 0).searchQuery?._appliedFilters).toContainEqual({ attribute: 'visibility', value: { in: [2, 3, 4] } });
  });
});

describe('filters in the URL', () => {
  it('reads attribute options, the price bucket and the sort', () => {
    const state = readListState(new URLSearchParams('bolt_diameter=10,12&price=150-&sort=latest'));
    expect(state).toEqual({ filters: { attributes: { bolt_diameter: ['10', '12'] }, price: { from: 150 } }, sort: 'latest' });
    expect(readListState(new URLSearchParams('sort=nonsense')).sort).toBe('recommended');
    expect(parsePrice('0-50')).toEqual({ from: 0, to: 50 });
    expect(formatPrice({ from: 150 })).toBe('150-');
  });

  it('toggles an option on and off', () => {
    const on = toggleOption(new URLSearchParams('finish=130'), 'finish', '140');
    expect(on.get('finish')).toBe('130,140');
    expect(toggleOption(new URLSearchParams('finish=130'), 'finish', '130').has('finish')).toBe(false);
  });
});

describe('price bucket labels', () => {
  it('reads "< £50", "50 - 100", "100 - 150", "> £150"', () => {
    const buckets = [{ from: 0, to: 50, doc_count: 1 }, { from: 50, to: 100, doc_count: 1 }, { from: 100, to: 150, doc_count: 1 }, { from: 150, doc_count: 1 }];
    expect(buckets.map((b, i) => bucketLabel(b, i, buckets.length, '£'))).toEqual(['< £50', '£50 - £100', '£100 - £150', '> £150']);
  });
});

describe('TILE_FIELDS', () => {
  it('keeps everything a product tile reads: the tile from the trimmed document equals the one from the whole', () => {
    const product = {
      id: 7, sku: 'TB-M10-100', parentSku: 'TB-Z-RANGE', type_id: 'simple', name: 'Through Bolt M10 x 100', url_key: 'through-bolt-m10-100', slug: 'tb', url_path: 'tb-path',
      thumbnail: '/p/tb.jpg', image: '/p/tb-large.jpg', tax_class_id: 2, sell_unit_description: 'Box of 50', price: 12.5, special_price: 9.99, special_from_date: '2020-01-01', special_to_date: null,
      tier_prices: [{ customer_group_id: 0, qty: 1, value: 11 }], stock: { is_in_stock: false, qty: 0 }, description: '<p>Long text</p>', media_gallery: [{ image: '/p/1.jpg' }], category_ids: [20],
    };
    const now = new Date('2026-01-01T00:00:00Z');
    const trimmed = projectFields(product, TILE_FIELDS);
    expect(trimmed.description).toBeUndefined();
    expect(tileFromProduct(trimmed, 20, now)).toEqual(tileFromProduct(product, 20, now));
  });
});
