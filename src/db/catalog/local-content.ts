import type { ContentEntity } from '../../../schemas/rx/content.schema';
import { contentKey } from '../../../replication/catalog/catalog-records';
import type { ShopDatabase } from '../database-types';
import { databaseLatch } from './database-latch';

/**
 * The replicated content (banners, CMS blocks, static JSON...) as the screens read it when the
 * server cannot answer. The database arrives in a lazy chunk after the first render and registers
 * here; a read made before that (an offline reload) waits for it rather than failing at once.
 */

type Doc = Record<string, unknown>;
type Content = ShopDatabase['content'];

const opened = databaseLatch<Content>();

export function registerLocalContent(db: ShopDatabase): void {
  // A database opened without the content collection (some tests) has nothing to answer with.
  if (db.collections.content) opened.set(db.content);
}

/** The documents of an entity held on the device (with this identifier, when given); null when the database never opened. */
export async function localContent(entity: ContentEntity, identifier?: string, waitMs?: number): Promise<Doc[] | null> {
  const content = await opened.wait(waitMs);
  if (!content) return null;
  const records = await content.find({ selector: identifier === undefined ? { entity } : { entity, identifier } }).exec();
  return records.map((r) => r.toJSON().source);
}

/** One document by its entity and id (static JSON is keyed by name), or undefined. */
export async function localContentById(entity: ContentEntity, id: string, waitMs?: number): Promise<Doc | undefined> {
  const content = await opened.wait(waitMs);
  const record = content ? await content.findOne(contentKey(entity, id)).exec() : null;
  return record ? record.toJSON().source : undefined;
}
