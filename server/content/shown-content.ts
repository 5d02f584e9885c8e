import type { CatalogDoc, CatalogEntity } from '../catalog/catalog-store';

/** When a blog post goes live: its `published_at`; undefined when it has none or it cannot be read. */
export function publishedAtMs(doc: CatalogDoc): number | undefined {
  const ms = typeof doc.published_at === 'string' ? Date.parse(doc.published_at) : Number.NaN;
  return Number.isNaN(ms) ? undefined : ms;
}

/**
 * Whether shoppers may see a content document now: a CMS page or block switched off (`active:
 * false`), a banner not at status 1 and a blog post published in the future are not shown by the
 * public routes, and so are not sent to devices either. A post with no readable date is shown, as before.
 */
export function isShownNow(entity: CatalogEntity, doc: CatalogDoc, nowMs: number): boolean {
  switch (entity) {
    case 'cms_page':
    case 'cms_block':
      return doc.active !== false;
    case 'banner':
      return Number(doc.status) === 1;
    case 'blog_post':
      return (publishedAtMs(doc) ?? 0) <= nowMs;
    default:
      return true;
  }
}
