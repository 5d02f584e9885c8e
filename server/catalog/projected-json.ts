import { projectFields } from '../../src/domain/catalog-query/project-fields';
import type { Doc } from '../../src/domain/catalog-query/types';

const projectionKey = (include: readonly string[] | undefined, exclude: readonly string[] | undefined) => `${include?.join(',') ?? ''}|${exclude?.join(',') ?? ''}`;

/**
 * JSON text of stored documents by projection (`sourceInclude` / `sourceExclude`), so a page of
 * tiles costs a lookup per tile instead of a projection and a stringify. Bounded in characters by
 * two generations: new texts go to the young one; when it is full it becomes the old one (the
 * previous old one is dropped), and a text found in the old generation moves back to the young
 * one. The tiles shoppers keep asking for stay; the cache never grows with the catalogue. Keyed by
 * the stored document object, which an update replaces (never changes), so a changed document is
 * never answered from here.
 */
export class ProjectedJsonCache {
  private young = new Map<string, Map<Doc, string>>();
  private old = new Map<string, Map<Doc, string>>();
  private youngChars = 0;

  /** `maxChars` bounds both generations together. */
  constructor(
    private readonly maxChars = 16 * 1024 * 1024,
    private readonly maxProjections = 32,
  ) {}

  json(doc: Doc, include: readonly string[] | undefined, exclude: readonly string[] | undefined): string {
    return this.lookup(projectionKey(include, exclude), doc, include, exclude);
  }

  /**
   * The JSON texts of `docs`, comma-separated (an array's contents). The projection's key is made once
   * for the list: made per document (50 joins of the tile's 18 paths, each a new string to hash and
   * compare) it cost more than the lookups themselves.
   */
  list(docs: readonly Doc[], include: readonly string[] | undefined, exclude: readonly string[] | undefined): string {
    const projection = projectionKey(include, exclude);
    return docs.map((doc) => this.lookup(projection, doc, include, exclude)).join(',');
  }

  private lookup(projection: string, doc: Doc, include: readonly string[] | undefined, exclude: readonly string[] | undefined): string {
    let json = this.young.get(projection)?.get(doc);
    if (json !== undefined) return json;
    json = this.old.get(projection)?.get(doc) ?? JSON.stringify(projectFields(doc, include, exclude));
    this.keep(projection, doc, json);
    return json;
  }

  clear(): void {
    this.young.clear();
    this.old.clear();
    this.youngChars = 0;
  }

  private keep(projection: string, doc: Doc, json: string): void {
    if (this.youngChars + json.length > this.maxChars / 2) {
      this.old = this.young;
      this.young = new Map();
      this.youngChars = 0;
    }
    let docs = this.young.get(projection);
    if (!docs) {
      if (this.young.size >= this.maxProjections) this.clear(); // callers choose the paths
      this.young.set(projection, (docs = new Map<Doc, string>()));
    }
    docs.set(doc, json);
    this.youngChars += json.length;
  }
}
