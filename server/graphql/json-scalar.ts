import type { ValueNode } from 'graphql';
import { graphqlJs } from './graphql-js';

const { GraphQLScalarType, Kind } = graphqlJs;

/**
 * A value written inline in the query text, with `$variables` substituted. Objects are built with
 * `Object.fromEntries`, so a `__proto__` field becomes an own key (refused later by the catalogue
 * query schema) and never a prototype.
 */
function literalValue(node: ValueNode, variables: Record<string, unknown> | null | undefined): unknown {
  switch (node.kind) {
    case Kind.STRING:
    case Kind.BOOLEAN:
    case Kind.ENUM:
      return node.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(node.value);
    case Kind.NULL:
      return null;
    case Kind.LIST:
      return node.values.map((item) => literalValue(item, variables));
    case Kind.OBJECT:
      return Object.fromEntries(node.fields.map((field) => [field.name.value, literalValue(field.value, variables)]));
    case Kind.VARIABLE:
      return variables?.[node.name.value];
  }
}

/**
 * Any JSON value: catalogue documents, facet buckets and attribute metadata go out exactly as
 * POST /api/catalog sends them, and a filter value comes in as that endpoint takes it (a list, or an
 * operator object such as `{gte: 10, lt: 50}`).
 */
export const JsonScalar = new GraphQLScalarType({
  name: 'JSON',
  description: 'Any JSON value, in the shape POST /api/catalog uses for it.',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (node, variables) => literalValue(node, variables),
});
