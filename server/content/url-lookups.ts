import { findByUrlPath, type CatalogDoc, type CatalogEntity } from '../catalog/catalog-store';
import type { CatalogService } from '../catalog/catalog-service';
import { textOf } from '../catalog/search-index';
import type { Queryable } from '../db/database';
import { findByIdentifier, findCategory } from './content-queries';
import { hasChild, parentsOfChildren, productByKey, productsBySku } from './product-lookup';

/**
 * The reads the url mapping makes (SPEC §2), over live documents of any status: the resolver
 * decides what a switched-off or hidden document means. A value is compared as the database's
 * `doc->>'field'` reads it (`textOf`): exact, case-sensitive text.
 */
export interface UrlLookups {
  /** Top-level products with this sku. */
  productsBySku(skus: readonly string[]): CatalogDoc[] | Promise<CatalogDoc[]>;
  /** A product by url key or slug; a product with visibility 1 comes after the others, then ids in order. */
  productByKey(key: string): CatalogDoc | undefined | Promise<CatalogDoc | undefined>;
  /** Products embedding one of these skus as a configurable child, ids in order. */
  parentsOfChildren(childSkus: readonly string[]): CatalogDoc[] | Promise<CatalogDoc[]>;
  /** A category by url key, slug, id or url_path. */
  category(key: string): CatalogDoc | undefined | Promise<CatalogDoc | undefined>;
  /** A CMS page by its identifier. */
  cmsPage(identifier: string): CatalogDoc | undefined | Promise<CatalogDoc | undefined>;
  /** The product, else the category, else the CMS page whose url_path (a CMS page's identifier too) is `path`. */
  byUrlPath(path: string): { entity: CatalogEntity; doc: CatalogDoc } | undefined | Promise<{ entity: CatalogEntity; doc: CatalogDoc } | undefined>;
}

/** The lookups answered at once, without a promise. */
export type ImmediateUrlLookups = { [K in keyof UrlLookups]: (...args: Parameters<UrlLookups[K]>) => Awaited<ReturnType<UrlLookups[K]>> };

/** The same reads as queries of the catalogue table. */
export function databaseUrlLookups(db: Queryable): UrlLookups {
  return {
    productsBySku: (skus) => productsBySku(db, skus),
    productByKey: (key) => productByKey(db, key),
    parentsOfChildren: (skus) => parentsOfChildren(db, skus),
    category: (key) => findCategory(db, key),
    cmsPage: (identifier) => findByIdentifier(db, 'cms_page', identifier),
    byUrlPath: (path) => findByUrlPath(db, path),
  };
}

const PRODUCT_KEYS = ['url_path', 'url_key', 'slug'] as const;
const CATEGORY_KEYS = ['url_key', 'slug', 'id', 'url_path'] as const;
const CMS_KEYS = ['identifier', 'url_path'] as const;

const idText = (doc: CatalogDoc) => String(doc.id);
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** Ids in text order. */
const byId = (a: CatalogDoc, b: CatalogDoc) => byText(idText(a), idText(b));
/** Shorter ids first, then in text order: numeric ids in number order. */
const byIdLength = (a: CatalogDoc, b: CatalogDoc) => idText(a).length - idText(b).length || byId(a, b);

function has(doc: CatalogDoc, fields: readonly string[], value: string): boolean {
  return fields.some((field) => textOf(doc[field]) === value);
}

function first(docs: CatalogDoc[], order: (a: CatalogDoc, b: CatalogDoc) => number): CatalogDoc | undefined {
  let best: CatalogDoc | undefined;
  for (const doc of docs) if (!best || order(doc, best) < 0) best = doc;
  return best;
}

/** Visibility 1 after the others, and a product without one last (the database's `order by visibility = '1'`). */
function visibilityRank(doc: CatalogDoc): number {
  const visibility = textOf(doc.visibility);
  return visibility === undefined ? 2 : visibility === '1' ? 1 : 0;
}

/**
 * The same reads answered from the catalogue this process serves (its in-memory indexes, kept
 * current from the change feed as every other catalogue read): no database round trip. Each
 * answer is the catalogue's state at the moment of the call.
 */
export function memoryUrlLookups(catalog: Pick<CatalogService, 'index'>): ImmediateUrlLookups {
  const products = () => catalog.index('product');
  const bySku = (skus: readonly string[]) => {
    const found = new Set<CatalogDoc>();
    for (const sku of new Set(skus)) for (const doc of products().withCode(sku) as CatalogDoc[]) if (textOf(doc.sku) === sku) found.add(doc);
    return [...found].sort(byId);
  };
  return {
    productsBySku: bySku,
    productByKey: (key) =>
      first(
        (products().withText(PRODUCT_KEYS, key) as CatalogDoc[]).filter((doc) => has(doc, ['url_key', 'slug'], key)),
        (a, b) => visibilityRank(a) - visibilityRank(b) || byId(a, b),
      ),
    parentsOfChildren: (childSkus) => {
      const found = new Set<CatalogDoc>();
      for (const sku of new Set(childSkus)) for (const doc of products().withCode(sku) as CatalogDoc[]) if (hasChild(doc, sku)) found.add(doc);
      return [...found].sort(byId);
    },
    category: (key) => first(catalog.index('category').withText(CATEGORY_KEYS, key) as CatalogDoc[], byIdLength),
    cmsPage: (identifier) => first((catalog.index('cms_page').withText(CMS_KEYS, identifier) as CatalogDoc[]).filter((doc) => has(doc, ['identifier'], identifier)), byIdLength),
    byUrlPath: (path) => {
      const product = first((products().withText(PRODUCT_KEYS, path) as CatalogDoc[]).filter((doc) => has(doc, ['url_path'], path)), byIdLength);
      if (product) return { entity: 'product', doc: product };
      const category = first((catalog.index('category').withText(CATEGORY_KEYS, path) as CatalogDoc[]).filter((doc) => has(doc, ['url_path'], path)), byIdLength);
      if (category) return { entity: 'category', doc: category };
      const page = first(catalog.index('cms_page').withText(CMS_KEYS, path) as CatalogDoc[], byIdLength);
      return page && { entity: 'cms_page', doc: page };
    },
  };
}
