import type { ContentEntity } from '../../../schemas/rx/content.schema';
import { contentKey } from '../../../replication/catalog/catalog-records';
import type { ShopDatabase } from '../database-types';
import { databaseLatch } from './database-latch';
import type { Doc } from '../../domain/catalog-query/types';

/**
 * The replicated content (banners, CMS blocks, static JSON...) as the screens read it when the
 * server cannot answer. The database arrives in a lazy chunk after the first render and registers
 * here; a read made before that (an offline reload) waits for it rather than failing at once.
 */


/** The storage reads (they use RxDB's query helpers), loaded with the first read: this module is on every first screen. */
const storedReads = () => import('./catalog-records');

const opened = databaseLatch<ShopDatabase>();

export function registerLocalContent(db: ShopDatabase): void {
  // A database opened without the content collection (some tests) has nothing to answer with.
  if (db.collections.content) opened.set(db);
}

/** The documents of an entity held on the device (with this identifier, when given); null when the database never opened. */
export async function localContent(entity: ContentEntity, identifier?: string, waitMs?: number): Promise<Doc[] | null> {
  const db = await opened.wait(waitMs);
  return db ? (await storedReads()).storedContent(db, entity, identifier) : null;
}

/** One document by its entity and id (static JSON is keyed by name), or undefined. */
export async function localContentById(entity: ContentEntity, id: string, waitMs?: number): Promise<Doc | undefined> {
  const db = await opened.wait(waitMs);
  return db ? (await storedReads()).storedContentByKey(db, contentKey(entity, id)) : undefined;
}
