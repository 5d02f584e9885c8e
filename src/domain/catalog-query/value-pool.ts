import type { Doc } from './types';

/**
 * Shares equal field values between the documents of a catalogue, so each is held once: a
 * fixings range repeats its specifications, descriptions, keywords, category paths and tier prices
 * across hundreds of products, and each product repeats its URL key and image paths in several
 * fields. An object or list value is shared when its JSON text is the same; a string, when it is
 * equal. Documents are read-only once indexed (the engine's rule), which makes sharing safe.
 *
 * The documents come back as copies with shared parts, so a caller's objects are never changed.
 * Interning a batch keeps, for later batches, only the values that repeated in it: the text keys of
 * one-off values (a product's own gallery, its name) would cost more than they save.
 */
/** A field is judged after this many object values: shared in fewer than 1 in UNIQUE_SHARE, it is left alone. */
const UNIQUE_AFTER = 500;
const UNIQUE_SHARE = 20;

export class ValuePool {
  private objects = new Map<string, { value: unknown; uses: number }>();
  private strings = new Map<string, string>();
  /** Per field: how many object values were looked up and how many were found. */
  private readonly fieldStats = new Map<string, { looked: number; found: number }>();

  /** Copies of `docs` whose fields are shared equal values (the given documents are not changed). */
  internAll(docs: readonly Doc[]): Doc[] {
    const out = docs.map((doc) => {
      // A spread copy keeps the document's compact layout; its fields are then replaced one by one.
      const copy: Doc = { ...doc };
      for (const key of Object.keys(copy)) {
        const value = copy[key];
        if (typeof value === 'string') copy[key] = this.string(value);
        else if (value !== null && typeof value === 'object') copy[key] = this.worthLooking(key) ? this.object(key, value) : this.withSharedStrings(value);
      }
      return copy;
    });
    this.settle();
    return out;
  }

  /**
   * A field whose values hardly ever repeat (a product's own image gallery, its stock) is not
   * looked up any more once that is clear: its JSON text would cost start-up time and garbage for nothing.
   * Its values still get the batch's shared strings (a gallery's first image is the product's
   * `image`, its label the product's name).
   */
  private worthLooking(field: string): boolean {
    const stats = this.fieldStats.get(field);
    return !stats || stats.looked < UNIQUE_AFTER || stats.found * UNIQUE_SHARE >= stats.looked;
  }

  private object(field: string, value: object): unknown {
    const text = JSON.stringify(value);
    const known = this.objects.get(text);
    let stats = this.fieldStats.get(field);
    if (!stats) this.fieldStats.set(field, (stats = { looked: 0, found: 0 }));
    stats.looked++;
    if (known) {
      stats.found++;
      known.uses++;
      return known.value;
    }
    const shared = this.withSharedStrings(value);
    this.objects.set(text, { value: shared, uses: 1 });
    return shared;
  }

  private string(value: string): string {
    const known = this.strings.get(value);
    if (known !== undefined) return known;
    this.strings.set(value, value);
    return value;
  }

  /** A copy of a value seen for the first time with its strings shared (a gallery's image paths and labels). */
  private withSharedStrings(value: unknown): unknown {
    if (typeof value === 'string') return this.string(value);
    if (value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.map((item) => this.withSharedStrings(item));
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    for (const key of Object.keys(copy)) copy[key] = this.withSharedStrings(copy[key]);
    return copy;
  }

  /** After a batch: forget the strings and the values seen once. */
  private settle(): void {
    this.strings = new Map();
    const repeated = new Map<string, { value: unknown; uses: number }>();
    for (const [text, entry] of this.objects) if (entry.uses > 1) repeated.set(text, entry);
    this.objects = repeated;
  }
}
