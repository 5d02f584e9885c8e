import { OPEN_OBJECT, type CollectionDefinition } from './json-schema';

/** Local categories (SPEC §3 Category); `source` is the feed's document, the rest is for lookups and menus. */
export const categoriesCollection: CollectionDefinition = {
  schema: {
    title: 'categories',
    version: 0,
    primaryKey: 'id',
    type: 'object',
    properties: {
      id: { type: 'string', maxLength: 24 },
      parent_id: { type: 'integer', minimum: 0, maximum: 1_000_000_000, multipleOf: 1 },
      name: { type: 'string' },
      url_path: { type: 'string', maxLength: 512 },
      level: { type: 'integer' },
      position: { type: 'integer' },
      is_active: { type: 'boolean' },
      source: OPEN_OBJECT,
    },
    required: ['id', 'parent_id', 'name', 'url_path', 'level', 'position', 'is_active', 'source'],
    indexes: ['url_path', 'parent_id'],
  },
  migrationStrategies: {},
};

export interface CategoryRecord {
  id: string;
  parent_id: number;
  name: string;
  url_path: string;
  level: number;
  position: number;
  is_active: boolean;
  source: Record<string, unknown>;
}
