import { projectFields } from '../../src/domain/catalog-query/project-fields';
import type { Doc } from '../../src/domain/catalog-query/types';

/**
 * JSON text of stored documents by projection (`sourceInclude` / `sourceExclude`), so a page of
 * tiles costs a lookup per tile instead of a projection and a stringify. Bounded in characters:
 * past the bound everything is dropped and refilled by what is asked next, so the popular pages
 * stay cheap while the cache never grows with the catalogue. Keyed by the stored document object,
 * which an update replaces (never changes), so a changed document is never answered from here.
 */
export class ProjectedJsonCache {
  private readonly byProjection = new Map<string, Map<Doc, string>>();
  private chars = 0;

  constructor(
    private readonly maxChars = 16 * 1024 * 1024,
    private readonly maxProjections = 32,
  ) {}

  json(doc: Doc, include: readonly string[] | undefined, exclude: readonly string[] | undefined): string {
    const projection = `${include?.join(',') ?? ''}|${exclude?.join(',') ?? ''}`;
    let docs = this.byProjection.get(projection);
    if (!docs) {
      if (this.byProjection.size >= this.maxProjections) this.clear(); // callers choose the paths
      this.byProjection.set(projection, (docs = new Map<Doc, string>()));
    }
    let json = docs.get(doc);
    if (json === undefined) {
      json = JSON.stringify(projectFields(doc, include, exclude));
      if (this.chars + json.length > this.maxChars) {
        this.clear();
        this.byProjection.set(projection, (docs = new Map<Doc, string>()));
      }
      docs.set(doc, json);
      this.chars += json.length;
    }
    return json;
  }

  clear(): void {
    this.byProjection.clear();
    this.chars = 0;
  }
}
