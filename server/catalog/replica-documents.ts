import type { Queryable } from '../db/database';
import { isShownNow } from '../content/shown-content';
import type { StoredRow } from './catalog-store';

/**
 * What a device's replica receives of a stored document, and how many products it holds once
 * caught up: the two rules side by side, so the download's scale counts what the feed delivers.
 */

/** A disabled product: status 2 or above ("1", 1 and a missing status are enabled). */
const isDisabledProduct = (doc: Record<string, unknown>) => Number(doc.status) >= 2;

/**
 * A replica never sees disabled products, switched-off CMS content or blog posts before their date
 * (server/content/shown-content.ts); they arrive as deletions, like removed ones.
 */
export function toReplicaDocument(row: StoredRow, nowMs: number): Record<string, unknown> {
  const disabled = (row.entity === 'product' && isDisabledProduct(row.doc)) || !isShownNow(row.entity, row.doc, nowMs);
  if (row.deleted || disabled) return { id: row.doc.id ?? row.id, _entity: row.entity, _deleted: true };
  return { ...row.doc, _entity: row.entity, _deleted: false };
}

/**
 * The products a caught-up replica holds: live and not disabled, as `isDisabledProduct` reads the
 * status (a number, or a string of digits, of 2 or more; anything else is enabled, as Number() reads
 * it). A case, not `and`: SQL may cast before it tests.
 */
export async function countReplicaProducts(db: Queryable): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `select count(*)::int as n from catalog_documents
     where entity = 'product' and not deleted
       and case when trim(doc->>'status') ~ '^[0-9]+(\\.[0-9]+)?$' then trim(doc->>'status')::numeric < 2 else true end`,
  );
  return row?.n ?? 0;
}

/** How long one count answers `GET /api/catalog/replica-size`: a size estimate may be a minute old. */
export const REPLICA_SIZE_TTL_MS = 60_000;

/**
 * The count for a public route: a scan of every product row, so a client asking in a loop must not make
 * one per request. Callers within the TTL share one count (and one query while it runs); a failed count
 * is not kept.
 */
export function cachedReplicaSize(db: Queryable, ttlMs = REPLICA_SIZE_TTL_MS, clock: () => number = Date.now): () => Promise<number> {
  let kept: { at: number; count: Promise<number> } | null = null;
  return () => {
    const now = clock();
    if (kept && now - kept.at < ttlMs) return kept.count;
    const count = countReplicaProducts(db);
    const entry = { at: now, count };
    kept = entry;
    count.catch(() => {
      if (kept === entry) kept = null;
    });
    return count;
  };
}
