import { hash } from 'node:crypto';

/** SPEC §9: output cache TTL 86400 s. */
export const OUTPUT_CACHE_TTL_SECONDS = 86_400;

export interface CachedPage {
  status: number;
  headers: Record<string, string>;
  /** gzip-compressed when `gzip`: kept so, a page takes a fifth of the memory and a hit compresses nothing. */
  body: string | Buffer;
  gzip: boolean;
  etag: string;
  /** What the page shows: a product page its skus; listings and the menu change with any product or category. */
  kind: string;
  skus: readonly string[];
  expires: number;
}

/** A page's ETag: the SHA-1 of its bytes (text is hashed as UTF-8, so the same page gives the same tag either way). */
export const etagOf = (body: string | Buffer) => `W/"${hash('sha1', body, 'base64url')}"`;

/**
 * Finished anonymous pages by URL (path and query), for a day at most, the oldest dropped beyond
 * `maxEntries`. Purged by what changed: a product's own pages, and every listing (home, categories,
 * the resolved paths) since any product may appear in one; a category change or any other
 * catalogue entity purges everything (the category menu is on every page).
 */
export class OutputCache {
  private readonly pages = new Map<string, CachedPage>();
  hits = 0;
  misses = 0;

  constructor(private readonly maxEntries = 5000, private readonly now = () => Date.now()) {}

  get(key: string): CachedPage | undefined {
    const page = this.pages.get(key);
    if (page && page.expires > this.now()) {
      this.hits++;
      return page;
    }
    if (page) this.pages.delete(key);
    this.misses++;
    return undefined;
  }

  set(key: string, page: Omit<CachedPage, 'expires'>): void {
    this.pages.delete(key);
    this.pages.set(key, { ...page, expires: this.now() + OUTPUT_CACHE_TTL_SECONDS * 1000 });
    while (this.pages.size > this.maxEntries) this.pages.delete(this.pages.keys().next().value as string);
  }

  get size(): number {
    return this.pages.size;
  }

  /** Products changed: their own pages and every page that lists products. */
  purgeProducts(skus: Iterable<string>): void {
    const changed = new Set(skus);
    for (const [key, page] of this.pages) {
      const listsProducts = page.kind !== 'product' && page.kind !== 'cms' && page.kind !== 'blog-list' && page.kind !== 'blog-post';
      if (listsProducts || page.skus.some((sku) => changed.has(sku))) this.pages.delete(key);
    }
  }

  clear(): void {
    this.pages.clear();
  }
}
