import type { Database, Queryable } from '../db/database';
import { writeDocuments, type CatalogDoc, type CatalogEntity } from './catalog-store';

/** The sections of a catalogue file (the import format and the demo generator's output) and their entities. */
export const SECTION_ENTITIES = {
  products: 'product',
  categories: 'category',
  attributes: 'attribute',
  taxrules: 'taxrule',
  cms_pages: 'cms_page',
  cms_blocks: 'cms_block',
  blog_posts: 'blog_post',
  banners: 'banner',
} as const satisfies Record<string, CatalogEntity>;

export type CatalogSections = Partial<Record<keyof typeof SECTION_ENTITIES, readonly object[]>>;

/** Attributes are keyed by attribute_id in the source shape, CMS entities may be by identifier or code. */
export function documentId(entity: CatalogEntity, doc: object): string | number {
  const record = doc as Record<string, unknown>;
  const id = record.id ?? (entity === 'attribute' ? record.attribute_id : undefined) ?? record.identifier ?? record.code;
  if (id === undefined || id === null || id === '') throw new Error(`${entity} without an id`);
  return id as string | number;
}

/** Every stored document gets an `id`. */
function withId(entity: CatalogEntity, doc: object): CatalogDoc {
  return { ...(doc as Record<string, unknown>), id: documentId(entity, doc) };
}

/** Upserts every section; returns how many documents each entity got. */
export async function writeCatalogSections(
  tx: Queryable,
  db: Database,
  sections: CatalogSections,
  options: { stampUpdatedAt?: Date } = {},
): Promise<Partial<Record<CatalogEntity, number>>> {
  const counts: Partial<Record<CatalogEntity, number>> = {};
  for (const [section, entity] of Object.entries(SECTION_ENTITIES) as [keyof typeof SECTION_ENTITIES, CatalogEntity][]) {
    const docs = sections[section];
    if (!docs?.length) continue;
    const stamped = docs.map((d) => {
      const doc = withId(entity, d);
      return options.stampUpdatedAt ? { ...doc, updated_at: options.stampUpdatedAt.toISOString() } : doc;
    });
    counts[entity] = await writeDocuments(tx, db, entity, stamped);
  }
  return counts;
}
