import type { CatalogIndex } from './catalog-index';
import type { Doc } from './types';

/**
 * The listed products (the search baseline: visible, enabled) whose SKU, configurable child SKU or
 * EAN (own, then a variant's) is exactly `code`, ignoring case and outer spaces, in that order. One
 * map lookup, no text search or text index: what the quick order pad resolves each pasted line with.
 */
export function findByCode(index: CatalogIndex, code: string): Doc[] {
  if (code.trim() === '') return [];
  const found: Doc[] = [];
  for (const slot of index.codeLookup().find(code, index.store)) {
    const doc = index.store.docs[slot];
    if (doc && index.baseline.has(slot)) found.push(doc);
  }
  return found;
}
