import type { CatalogDoc } from '../catalog/catalog-store';
import { declaredParentSku, hasChild, looksLikeChild } from './product-lookup';
import type { UrlLookups } from './url-lookups';
import { normaliseUrlPath, urlLookups, withoutStoreCode, type UrlLookup } from './url-path';

export type MappedType = 'product' | 'category' | 'cms_page';

export interface UrlMapping {
  type: MappedType;
  doc: CatalogDoc;
  /** Set when the url named a configurable child: the client shows (redirects to) the parent with this child chosen. */
  childSku?: string;
}

async function lookup(reads: UrlLookups, form: UrlLookup): Promise<{ type: MappedType; doc: CatalogDoc; childSku?: string } | undefined> {
  switch (form.kind) {
    case 'product': {
      const doc = (await reads.productsBySku([form.parentSku]))[0] ?? (await reads.productByKey(form.slug));
      return doc && { type: 'product', doc, ...(form.childSku ? { childSku: form.childSku } : {}) };
    }
    case 'category': {
      const doc = await reads.category(form.key);
      return doc && { type: 'category', doc };
    }
    case 'cms_page': {
      const doc = await reads.cmsPage(form.identifier);
      return doc && { type: 'cms_page', doc };
    }
    case 'path': {
      const hit = await reads.byUrlPath(form.path);
      if (hit) return { type: hit.entity as MappedType, doc: hit.doc };
      const doc = await reads.productByKey(form.path);
      return doc && { type: 'product', doc };
    }
  }
}

/**
 * A category or CMS page switched off is not shown at all. Products are different: a disabled one is
 * returned so the client can say why ("Product query returned empty result product status = {n}").
 */
function isSwitchedOff(hit: { type: MappedType; doc: CatalogDoc }): boolean {
  if (hit.type === 'category') return hit.doc.is_active === false;
  if (hit.type === 'cms_page') return hit.doc.active === false;
  return false;
}

/**
 * SPEC §2: "A configurable child cannot be opened directly ... it redirects to its parent". A product
 * found by a child's own url, or a configurable parent asked for one of its children, comes back as
 * the parent with the child's sku; any other product comes back as found (disabled ones too: the
 * client reports "Product query returned empty result product status = {n}").
 */
async function toParentIfChild(reads: UrlLookups, doc: CatalogDoc, requestedChild: string | undefined): Promise<UrlMapping> {
  const sku = typeof doc.sku === 'string' ? doc.sku : '';
  if (doc.type_id === 'configurable') {
    return requestedChild && hasChild(doc, requestedChild) ? { type: 'product', doc, childSku: requestedChild } : { type: 'product', doc };
  }
  if (looksLikeChild(doc)) {
    const declared = declaredParentSku(doc);
    const parents = declared ? await reads.productsBySku([declared]) : await reads.parentsOfChildren([sku]);
    const parent = parents.find((p) => hasChild(p, sku));
    if (parent) return { type: 'product', doc: parent, childSku: sku };
  }
  return { type: 'product', doc };
}

/**
 * Maps a url to the product, category or CMS page it names, or undefined ("No mapping found for path").
 * `reads` answers the lookups: the served catalogue in memory (`memoryUrlLookups`) or the database.
 */
export async function resolveUrl(reads: UrlLookups, url: string, filterSku: string | undefined): Promise<UrlMapping | undefined> {
  const path = normaliseUrlPath(url);
  const stripped = withoutStoreCode(path);
  const paths = stripped === undefined ? [path] : [path, stripped];
  for (const candidate of paths) {
    for (const form of urlLookups(candidate)) {
      const hit = await lookup(reads, form);
      if (!hit || isSwitchedOff(hit)) continue;
      if (hit.type !== 'product') return hit;
      return toParentIfChild(reads, hit.doc, hit.childSku ?? filterSku);
    }
  }
  return undefined;
}
