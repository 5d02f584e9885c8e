import { graphqlJs } from './graphql-js';

const { GraphQLError, GraphQLScalarType, Kind } = graphqlJs;

const isFieldValue = (value: unknown): value is string | number | boolean =>
  typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));

/**
 * A facet bucket's key: the value counted, as the documents hold it. Facets count strings (option
 * values), numbers (category ids) and booleans alike, and the key is what a filter names to pick
 * the bucket, so it keeps its JSON type rather than becoming a string.
 */
export const FieldValueScalar = new GraphQLScalarType({
  name: 'FieldValue',
  description: 'A string, a number or a boolean: a value a catalogue document holds and a filter can name.',
  serialize(value) {
    if (isFieldValue(value)) return value;
    throw new GraphQLError(`FieldValue cannot represent ${JSON.stringify(value) ?? String(value)}`);
  },
  parseValue(value) {
    if (isFieldValue(value)) return value;
    throw new GraphQLError('FieldValue must be a string, a finite number or a boolean');
  },
  parseLiteral(node) {
    if (node.kind === Kind.STRING || node.kind === Kind.BOOLEAN) return node.value;
    if (node.kind === Kind.INT || node.kind === Kind.FLOAT) return Number(node.value);
    throw new GraphQLError('FieldValue must be a string, a number or a boolean', { nodes: node });
  },
});
