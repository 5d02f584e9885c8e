import { CATALOG_ENTITIES, type CatalogEntity } from '../catalog/catalog-store';
import type { SearchIndex } from '../catalog/search-index';

/** A whole field that names a picture: `/product/bolts/blt-m8-1.jpg` (leading slash optional). */
const IMAGE_FIELD = /^\/?([A-Za-z0-9][A-Za-z0-9._/-]*\.(?:jpe?g|png|webp|gif|avif))$/i;
/** A picture the endpoint draws, named inside HTML (CMS pages and blocks): `/img/324/489/resize/product/…`. */
const IMAGE_LINK = /\/img\/(?:\d+\/\d+\/[a-z]+\/)?([A-Za-z0-9][A-Za-z0-9._/-]*\.(?:jpe?g|png|webp|gif|avif))/gi;
/** Documents nest media galleries, configurable children and home-page blocks a few levels deep. */
const MAX_DEPTH = 6;

/** Every image path a catalogue document names, without its leading slash. */
export function imagePathsIn(value: unknown, found: Set<string> = new Set(), depth = 0): Set<string> {
  if (typeof value === 'string') {
    const whole = IMAGE_FIELD.exec(value);
    if (whole?.[1]) found.add(whole[1]);
    else if (value.includes('/img/')) for (const match of value.matchAll(IMAGE_LINK)) if (match[1]) found.add(match[1]);
  } else if (depth < MAX_DEPTH && typeof value === 'object' && value !== null) {
    for (const item of Array.isArray(value) ? value : Object.values(value)) imagePathsIn(item, found, depth + 1);
  }
  return found;
}

export interface CatalogueSource {
  readonly seq: number;
  index(entity: CatalogEntity): Pick<SearchIndex, 'documents'>;
}

/**
 * The pictures the catalogue names (products, categories, banners, blog, CMS, static content): the
 * only ones the image endpoint draws and stores. Read again from the in-memory catalogue when a path
 * is not known and the catalogue changed since the last read, so a flood of made-up names costs one
 * set lookup each, and a newly imported product's pictures are known at their first request.
 */
export class CatalogueImages {
  private paths = new Set<string>();
  private readAtSeq: number | undefined;

  constructor(private readonly catalog: CatalogueSource) {}

  has(path: string): boolean {
    if (this.paths.has(path)) return true;
    if (this.readAtSeq === this.catalog.seq) return false;
    this.read();
    return this.paths.has(path);
  }

  private read(): void {
    const seq = this.catalog.seq;
    const paths = new Set<string>();
    for (const entity of CATALOG_ENTITIES) {
      if (entity === 'attribute' || entity === 'taxrule') continue;
      for (const doc of this.catalog.index(entity).documents().docs) imagePathsIn(doc, paths);
    }
    this.paths = paths;
    this.readAtSeq = seq;
  }
}
