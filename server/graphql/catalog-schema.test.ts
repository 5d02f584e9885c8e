import { describe, expect, it } from 'vitest';
import { CATALOG_QUERY_TYPES } from '../../schemas/catalog-query';
import { graphqlSearchBody } from '../../src/features/catalog/graphql-search';
import { CATALOG_SDL, catalogBody } from './catalog-schema';
import { graphqlJs } from './graphql-js';
import { JsonScalar } from './json-scalar';

const { buildSchema, parse, parseValue, validate } = graphqlJs;

describe('the /graphql schema', () => {
  const schema = buildSchema(CATALOG_SDL);

  it("accepts the storefront adapter's query for every entity type", () => {
    for (const type of CATALOG_QUERY_TYPES) {
      const errors = validate(schema, parse(graphqlSearchBody({ type }).query));
      expect(errors.map((e) => e.message), type).toEqual([]);
    }
  });

  it('turns arguments into the POST /api/catalog body: nulls are "not given", except a filter value', () => {
    const args = {
      size: null,
      from: 50,
      sort: null,
      searchQuery: {
        _searchText: null,
        _appliedFilters: [{ attribute: 'special_price', value: null, scope: null }],
        _availableFilters: [{ field: 'finish', scope: null, options: { size: null } }],
      },
    };
    expect(catalogBody('product', args)).toStrictEqual({
      type: 'product',
      from: 50,
      searchQuery: { _appliedFilters: [{ attribute: 'special_price', value: null }], _availableFilters: [{ field: 'finish', options: {} }] },
    });
  });

  it('reads inline JSON values with variables, never giving an object a prototype', () => {
    const literal = parseValue('{in: [1, 2.5, "x", true, null, $v], __proto__: {polluted: 1}, nested: [[]]}');
    const value = JsonScalar.parseLiteral(literal, { v: 'from variable' }) as Record<string, unknown>;
    expect(value.in).toEqual([1, 2.5, 'x', true, null, 'from variable']);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.prototype.hasOwnProperty.call(value, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(value.nested).toEqual([[]]);
  });
});
