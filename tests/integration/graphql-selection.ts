import type { FieldNode, GraphQLObjectType, GraphQLSchema, OperationDefinitionNode, SelectionSetNode } from 'graphql';
import { graphqlJs } from '../../server/graphql/graphql-js';
import type { CatalogQueryInput } from '../../schemas/catalog-query';
import type { CatalogResult, Doc } from '../../src/features/catalog/catalog-api';
import { CATALOG_GRAPHQL_ARGUMENTS, CATALOG_GRAPHQL_ARGUMENT_NAMES, CATALOG_GRAPHQL_FIELDS } from '../../schemas/catalog-graphql';

/** What a typed query selects of each entity type's documents: scalars, nested objects, lists and the open-ended attribute values. */
export const TYPED_SELECTIONS: Record<NonNullable<CatalogQueryInput['type']>, string> = {
  product:
    'sku name type_id visibility price final_price special_price special_to_date stock { is_in_stock qty } category_ids category { category_id name } ' +
    'tier_prices { customer_group_id qty value } media_gallery { image typ } configurable_options { attribute_code values { value_index label } } ' +
    'configurable_children { sku final_price custom_attributes { attribute_code value } attribute_values { attribute_code value } } attribute_values { attribute_code value }',
  category: 'id name level position is_active restricted_customer_groups children_data { id name children_data { id name } }',
  attribute: 'attribute_code attribute_id frontend_input is_filterable is_comparable options { label value }',
  taxrule: 'code priority product_tax_class_ids rates { code rate tax_country_id tax_postcode }',
  cms_page: 'identifier title content_heading active',
  cms_block: 'identifier title content active',
  cms_hierarchy: 'id identifier',
};

const RESULT_SELECTION = 'total perPage aggregations { name buckets { key doc_count from to } } attributeMetadata { attribute_code attribute_id frontend_label options { label value } }';

const variableDefinitions = CATALOG_GRAPHQL_ARGUMENT_NAMES.map((name) => `$${name}: ${CATALOG_GRAPHQL_ARGUMENTS[name]}`).join(', ');
const argumentList = CATALOG_GRAPHQL_ARGUMENT_NAMES.map((name) => `${name}: $${name}`).join(', ');

/** A typed query for a POST /api/catalog body: the same arguments as variables, the selection of its type. */
export function typedQueryBody(query: CatalogQueryInput): { query: string; variables: Record<string, unknown> } {
  const { type = 'product', ...variables } = query;
  const text = `query Typed(${variableDefinitions}) { result: ${CATALOG_GRAPHQL_FIELDS[type]}(${argumentList}) { items { ${TYPED_SELECTIONS[type]} } ${RESULT_SELECTION} } }`;
  return { query: text, variables };
}

const fieldsOf = (selection: SelectionSetNode) => selection.selections.filter((node): node is FieldNode => node.kind === graphqlJs.Kind.FIELD);

/**
 * What a selection of a REST document must answer: each asked field under its name, a missing one
 * null, nothing else. `attribute_values` lists the fields the GraphQL type does not name.
 */
function project(value: unknown, selection: SelectionSetNode, type: GraphQLObjectType): unknown {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return value.map((item) => project(item, selection, type));
  const doc = value as Doc;
  const named = type.getFields();
  return Object.fromEntries(
    fieldsOf(selection).map((field) => {
      const name = field.name.value;
      const fieldType = graphqlJs.getNamedType(named[name]!.type);
      if (name === 'attribute_values') {
        const extras = Object.entries(doc).filter(([key]) => !(key in named)).map(([attribute_code, item]) => ({ attribute_code, value: item }));
        return [name, project(extras, field.selectionSet!, fieldType as GraphQLObjectType)];
      }
      if (!field.selectionSet) return [name, doc[name] ?? null];
      return [name, project(doc[name], field.selectionSet, fieldType as GraphQLObjectType)];
    }),
  );
}

/** The typed reply a REST result stands for, given the typed query sent: the parity tests' expectation. */
export function expectedTypedResult(schema: GraphQLSchema, queryText: string, rest: CatalogResult): unknown {
  const operation = graphqlJs.parse(queryText).definitions[0] as OperationDefinitionNode;
  const root = fieldsOf(operation.selectionSet)[0]!;
  const resultType = graphqlJs.getNamedType(schema.getQueryType()!.getFields()[root.name.value]!.type) as GraphQLObjectType;
  const asTyped = { ...rest, aggregations: Object.entries(rest.aggregations).map(([name, aggregation]) => ({ name, buckets: aggregation.buckets })) };
  return project(asTyped, root.selectionSet!, resultType);
}
