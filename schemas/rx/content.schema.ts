import { OPEN_OBJECT, type CollectionDefinition } from './json-schema';

/** The catalogue entities that are not products, categories or attributes, all in one collection. */
export const CONTENT_ENTITIES = ['taxrule', 'cms_page', 'cms_block', 'blog_post', 'banner', 'static_content'] as const;
export type ContentEntity = (typeof CONTENT_ENTITIES)[number];

/**
 * CMS pages and blocks, blog posts, banners, tax rules and the static JSON (promoted offers,
 * accreditations, info links). Ids repeat across entities on the server, so the key is
 * `${entity}:${id}`. `identifier` is the CMS identifier or slug ('' when the entity has none).
 */
export const contentCollection: CollectionDefinition = {
  schema: {
    title: 'content',
    version: 0,
    primaryKey: 'key',
    type: 'object',
    properties: {
      key: { type: 'string', maxLength: 160 },
      entity: { type: 'string', maxLength: 32, enum: CONTENT_ENTITIES },
      id: { type: 'string', maxLength: 128 },
      identifier: { type: 'string', maxLength: 256 },
      source: OPEN_OBJECT,
    },
    required: ['key', 'entity', 'id', 'identifier', 'source'],
    indexes: [['entity', 'identifier']],
  },
  migrationStrategies: {},
};

export interface ContentRecord {
  key: string;
  entity: ContentEntity;
  id: string;
  identifier: string;
  source: Record<string, unknown>;
}
