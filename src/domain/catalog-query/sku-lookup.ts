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
  /** Per path: code → its slot, or its slots when several documents share it (rare, so no list each). */
  private readonly maps: Map<string, number | number[]>[];

  constructor(private readonly paths: readonly string[]) {
    this.maps = paths.map(() => new Map<string, number | number[]>());
  }

  add(slot: number, doc: Doc): void {
    this.paths.forEach((path, i) => {
      const map = this.maps[i]!;
      for (const value of pathValues(doc, path)) {
        if (typeof value === 'boolean') continue;
        const key = wholeToken(String(value));
        const slots = map.get(key);
        if (slots === undefined) map.set(key, slot);
        else if (typeof slots === 'number') {
          if (slots !== slot) map.set(key, [slots, slot]);
        } else if (!slots.includes(slot)) slots.push(slot);
      }
    });
  }

  /** Slots whose SKU (then whose child SKU) is exactly `text`, ignoring case and outer spaces. */
  find(text: string, store: DocumentStore): number[] {
    const key = wholeToken(text);
    const found: number[] = [];
    this.paths.forEach((path, i) => {
      const slots = this.maps[i]!.get(key);
      for (const slot of slots === undefined ? [] : typeof slots === 'number' ? [slots] : slots) {
        const doc = store.docs[slot];
        if (found.includes(slot) || !doc) continue;
        if (pathValues(doc, path).some((v) => typeof v !== 'boolean' && wholeToken(String(v)) === key)) found.push(slot);
      }
    });
    return found;
  }
}
