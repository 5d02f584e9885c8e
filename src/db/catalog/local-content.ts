import type { ContentEntity } from '../../../schemas/rx/content.schema';
import { contentKey } from '../../../replication/catalog/catalog-records';
import type { ShopDatabase } from '../database-types';

/**
 * The replicated content (banners, CMS blocks, static JSON...) as the screens read it when the
 * server cannot answer. The database arrives in a lazy chunk after the first render and registers
 * here; a read made before that (an offline reload) waits for it rather than failing at once.
 */

type Doc = Record<string, unknown>;
type Content = ShopDatabase['content'];

/** How long a read waits for the device's database to open before giving up (as the offline redirect does). */
const WAIT_FOR_DATABASE_MS = 30_000;

let collection: Content | null = null;
const waiting = new Set<() => void>();

export function registerLocalContent(db: ShopDatabase): void {
  // A database opened without the content collection (some tests) has nothing to answer with.
  collection = db.collections.content ?? null;
  waiting.forEach((wake) => wake());
  waiting.clear();
}

async function openedContent(waitMs: number): Promise<Content | null> {
  if (collection) return collection;
  await new Promise<void>((resolve) => {
    const wake = () => {
      clearTimeout(timer);
      waiting.delete(wake);
      resolve();
    };
    const timer = setTimeout(wake, waitMs);
    waiting.add(wake);
  });
  return collection;
}

/** The documents of an entity held on the device (with this identifier, when given); null when the database never opened. */
export async function localContent(entity: ContentEntity, identifier?: string, waitMs = WAIT_FOR_DATABASE_MS): Promise<Doc[] | null> {
  const content = await openedContent(waitMs);
  if (!content) return null;
  const records = await content.find({ selector: identifier === undefined ? { entity } : { entity, identifier } }).exec();
  return records.map((r) => r.toJSON().source);
}

/** One document by its entity and id (static JSON is keyed by name), or undefined. */
export async function localContentById(entity: ContentEntity, id: string, waitMs = WAIT_FOR_DATABASE_MS): Promise<Doc | undefined> {
  const content = await openedContent(waitMs);
  const record = content ? await content.findOne(contentKey(entity, id)).exec() : null;
  return record ? record.toJSON().source : undefined;
}
