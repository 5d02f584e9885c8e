import { describe, expect, it } from 'vitest';
import { unstorableTextAt } from './define-route';

describe('unstorableTextAt', () => {
  it('passes text the database can store', () => {
    expect(unstorableTextAt({ type: 'product', sourceInclude: ['id', 'name'], searchQuery: { _searchText: 'thrugh bolt 😀', _appliedFilters: [{ attribute: 'visibility', value: { in: [2, 3, 4] } }] } }, 'body')).toBeUndefined();
    expect(unstorableTextAt('plain', 'body')).toBeUndefined();
    expect(unstorableTextAt(null, 'body')).toBeUndefined();
  });

  it('names the field holding a NUL or an unpaired surrogate, in values, keys and lists', () => {
    expect(unstorableTextAt({ a: { b: 'x\u0000y' } }, 'body')).toBe('body.a.b');
    expect(unstorableTextAt({ list: ['ok', { deep: ['\ud800'] }] }, 'body')).toBe('body.list.1.deep.0');
    expect(unstorableTextAt({ nested: { ['bad\udc00key']: 1 } }, 'query')).toBe('query.nested');
    expect(unstorableTextAt('\u0000', 'params')).toBe('params');
  });
});
