import type { DocumentStore } from './document-store';
import { pathValues } from './field-values';
import { wholeToken } from './tokenize';
import type { Doc } from './types';

/**
 * Exact SKU lookup (case-insensitive, whole value) over the SKU fields, in field order: the
 * product's own `sku` first, then `configurable_children.sku`. Entries are checked against the
 * current document when read, so a changed or removed SKU needs no clean-up here.
 */
export class SkuLookup {
  private readonly maps: Map<string, number[]>[];

  constructor(private readonly paths: readonly string[]) {
    this.maps = paths.map(() => new Map<string, number[]>());
  }

  add(slot: number, doc: Doc): void {
    this.paths.forEach((path, i) => {
      const map = this.maps[i]!;
      for (const value of pathValues(doc, path)) {
        if (typeof value === 'boolean') continue;
        const key = wholeToken(String(value));
        const slots = map.get(key);
        if (!slots) map.set(key, [slot]);
        else if (!slots.includes(slot)) slots.push(slot);
      }
    });
  }

  /** Slots whose SKU (then whose child SKU) is exactly `text`, ignoring case and outer spaces. */
  find(text: string, store: DocumentStore): number[] {
    const key = wholeToken(text);
    const found: number[] = [];
    this.paths.forEach((path, i) => {
      for (const slot of this.maps[i]!.get(key) ?? []) {
        const doc = store.docs[slot];
        if (found.includes(slot) || !doc) continue;
        if (pathValues(doc, path).some((v) => typeof v !== 'boolean' && wholeToken(String(v)) === key)) found.push(slot);
      }
    });
    return found;
  }
}
