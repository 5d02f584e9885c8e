import type { GraphQLResolveInfo } from 'graphql';
import type { Doc } from '../../src/domain/catalog-query/types';

/** The field of Product and ConfigurableChild that lists the document's fields the type does not name. */
export const ATTRIBUTE_VALUES_FIELD = 'attribute_values';

/**
 * Products are open-ended (attribute values live in fields named by attribute code, and an import
 * may add any field), so what the type does not name comes as a key/value list. The names are read
 * from the schema, so a field added to the type leaves the list by itself.
 */
function attributeValues(doc: Doc, _args: unknown, _context: unknown, info: GraphQLResolveInfo) {
  const named = info.parentType.getFields();
  return Object.entries(doc)
    .filter(([key]) => key === ATTRIBUTE_VALUES_FIELD || !Object.hasOwn(named, key))
    .map(([attribute_code, value]) => ({ attribute_code, value }));
}

/** SPEC §3 allows "1" for true in an attribute's flags; GraphQL's Boolean refuses a string. */
function flag(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (value === '1' || value === 1) return true;
  if (value === '0' || value === 0) return false;
  return null;
}

const flagOf = (field: string) => (doc: Doc) => flag(doc[field]);

export const DOCUMENT_RESOLVERS = {
  Product: { [ATTRIBUTE_VALUES_FIELD]: attributeValues },
  ConfigurableChild: { [ATTRIBUTE_VALUES_FIELD]: attributeValues },
  Attribute: Object.fromEntries(['is_user_defined', 'is_visible', 'is_comparable', 'is_filterable'].map((field) => [field, flagOf(field)])),
};
