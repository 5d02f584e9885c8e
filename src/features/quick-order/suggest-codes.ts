import { childrenOf } from '../../domain/cart/configurable-choice';
import { textOf, type Doc } from '../../domain/cart/doc-fields';
import { readAmount } from '../../domain/pricing/money';
import { wholeToken } from '../../domain/catalog-query/tokenize';
import { resolveCode, type CodeLookup } from './resolve-code';

/** One suggestion under a code field: the code it puts in the row, and what the shopper recognises it by. */
export interface Suggestion {
  code: string;
  name: string;
}

/** SPEC §9: a search term needs at least 3 characters (an exact code is looked up from the first one). */
export const SUGGEST_MIN_LENGTH = 3;
export const SUGGESTION_LIMIT = 8;

export interface SuggestSources {
  lookup: CodeLookup;
  /** The local text search: exact SKUs pinned first, then SKU completions and words, fuzzy ones last. */
  search: (text: string) => Doc[];
}

/** A configurable product stands for its variants (a line holds one): those whose code starts with the text, else all. */
function variantsOf(product: Doc, key: string): Doc[] {
  const sellable = childrenOf(product).filter((c) => (readAmount(c.status) ?? 1) < 2);
  const starting = sellable.filter((c) => wholeToken(textOf(c.sku)).startsWith(key) || textOf(c.ean).startsWith(key));
  return starting.length > 0 ? starting : sellable;
}

/**
 * Suggestions for a code being typed, from the local replica: the exact SKU or EAN first, then the
 * local search's hits (SKU completions, then words and fuzzy matches), a variant for each
 * configurable product, without repeats.
 */
export function suggestCodes(text: string, sources: SuggestSources, limit = SUGGESTION_LIMIT): Suggestion[] {
  const typed = text.trim();
  if (typed === '') return [];
  const key = wholeToken(typed);
  const found: Suggestion[] = [];
  const seen = new Set<string>();
  const add = (item: Doc, product: Doc) => {
    const code = textOf(item.sku);
    if (code === '' || seen.has(code) || found.length >= limit) return;
    seen.add(code);
    found.push({ code, name: textOf(item.name, textOf(product.name)) });
  };
  const addProduct = (product: Doc) => {
    if (product.type_id === 'configurable') variantsOf(product, key).forEach((child) => add(child, product));
    else add(product, product);
  };
  const exact = resolveCode(typed, sources.lookup);
  if (exact?.child) add(exact.child, exact.product);
  else if (exact) addProduct(exact.product);
  if (typed.length >= SUGGEST_MIN_LENGTH) for (const product of sources.search(typed)) addProduct(product);
  return found;
}
