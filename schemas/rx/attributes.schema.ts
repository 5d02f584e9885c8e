import { OPEN_OBJECT, type CollectionDefinition } from './json-schema';

/** Local product attributes (SPEC §3 Attribute), looked up by `attribute_code` to label filters and specs. */
export const attributesCollection: CollectionDefinition = {
  schema: {
    title: 'attributes',
    version: 0,
    primaryKey: 'id',
    type: 'object',
    properties: {
      id: { type: 'string', maxLength: 24 },
      attribute_code: { type: 'string', maxLength: 128 },
      source: OPEN_OBJECT,
    },
    required: ['id', 'attribute_code', 'source'],
    indexes: ['attribute_code'],
  },
  migrationStrategies: {},
};

export interface AttributeRecord {
  id: string;
  attribute_code: string;
  source: Record<string, unknown>;
}
