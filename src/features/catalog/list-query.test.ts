import { describe, expect, it } from 'vitest';
import { formatPrice, parsePrice, readListState, toggleOption } from './filter-url';
import { categoryListQuery, homeListQuery, searchTextQuery } from './list-query';
import { bucketLabel } from './price-buckets';

describe('category list query', () => {
  it('pages by 50 from an offset, sorts by position descending by default and keeps out-of-stock items', () => {
    const q = categoryListQuery({ categoryId: 20, filters: { attributes: { bolt_diameter: ['10', '12'] }, price: { from: 50, to: 100 } }, sort: 'recommended', from: 50, facets: ['bolt_diameter'] });
    expect(q.size).toBe(50);
    expect(q.from).toBe(50);
    expect(q.searchQuery?._appliedSort).toEqual([{ field: 'position', options: 'desc' }]);
    expect(q.searchQuery?._appliedFilters).toContainEqual({ attribute: 'bolt_diameter', value: { in: ['10', '12'] } });
    expect(q.searchQuery?._appliedFilters).toContainEqual({ attribute: 'price', value: { gte: 50, lt: 100 } });
    expect(q.searchQuery?._appliedFilters).toContainEqual({ attribute: 'visibility', value: { in: [2, 4] } });
    expect(JSON.stringify(q)).not.toContain('is_in_stock');
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
    expect(buckets.map((b, i) => bucketLabel(b, i, buckets.length, '£'))).toEqual(['< £50', '50 - 100', '100 - 150', '> £150']);
  });
});
