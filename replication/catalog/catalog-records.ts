import type { AttributeRecord } from '../../schemas/rx/attributes.schema';
import type { CategoryRecord } from '../../schemas/rx/categories.schema';
import type { ContentEntity, ContentRecord } from '../../schemas/rx/content.schema';
import type { ProductRecord } from '../../schemas/rx/products.schema';
import { unitPricesPence, type PricedItem } from '../../src/domain/pricing/final-price';
import { readAmount, toPence } from '../../src/domain/pricing/money';
import type { FeedDocument } from './catalog-feed';

/** Feed documents become local records: the API document kept whole in `source`, lookup fields beside it. */

type Deletable<R> = R & { _deleted: boolean };

function sourceOf(doc: FeedDocument): Record<string, unknown> {
  const { _entity: _e, _deleted: _d, ...source } = doc;
  return source;
}

const text = (value: unknown, fallback = '') => (typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : fallback);
const whole = (value: unknown, fallback = 0) => {
  const n = readAmount(value);
  return n === undefined ? fallback : Math.trunc(n);
};
const pence = (value: unknown) => Math.max(0, toPence(readAmount(value) ?? 0));

/**
 * A product as stored locally. The final price is worked out with the shared price rules (special
 * window, tiers) for a guest buying one, as of now; `price_is_current` stays false until the
 * render-list price sync confirms it (SPEC §4).
 */
export function toProductRecord(doc: FeedDocument, now = new Date()): Deletable<ProductRecord> {
  const base = { id: String(doc.id), price_is_current: false, price_refreshed_at: null };
  if (doc._deleted) return { ...base, sku: '', type_id: '', status: 0, visibility: 0, name: '', url_path: '', category_ids: [], price_pence: 0, final_price_pence: 0, source: {}, _deleted: true };
  const prices = unitPricesPence(doc as PricedItem, { now });
  return {
    ...base,
    sku: text(doc.sku),
    type_id: text(doc.type_id, 'simple'),
    status: whole(doc.status, 1),
    visibility: whole(doc.visibility, 4),
    name: text(doc.name),
    url_path: text(doc.url_path ?? doc.url_key),
    category_ids: Array.isArray(doc.category_ids) ? doc.category_ids.map((c) => whole(c)) : [],
    price_pence: pence(doc.price),
    final_price_pence: Math.max(0, prices.final),
    source: sourceOf(doc),
    _deleted: false,
  };
}

export function toCategoryRecord(doc: FeedDocument): Deletable<CategoryRecord> {
  return {
    id: String(doc.id),
    parent_id: Math.max(0, whole(doc.parent_id)),
    name: text(doc.name),
    url_path: text(doc.url_path),
    level: whole(doc.level),
    position: whole(doc.position),
    is_active: doc.is_active !== false,
    source: doc._deleted ? {} : sourceOf(doc),
    _deleted: doc._deleted,
  };
}

export function toAttributeRecord(doc: FeedDocument): Deletable<AttributeRecord> {
  return { id: String(doc.id), attribute_code: text(doc.attribute_code), source: doc._deleted ? {} : sourceOf(doc), _deleted: doc._deleted };
}

/** Content ids repeat across entities on the server, so the local key carries the entity. */
export function contentKey(entity: ContentEntity, id: string | number): string {
  return `${entity}:${id}`;
}

export function toContentRecord(doc: FeedDocument): Deletable<ContentRecord> {
  const entity = doc._entity as ContentEntity;
  return {
    key: contentKey(entity, doc.id),
    entity,
    id: String(doc.id),
    identifier: text(doc.identifier ?? doc.slug),
    source: doc._deleted ? {} : sourceOf(doc),
    _deleted: doc._deleted,
  };
}
