import { childrenOf } from '../../domain/cart/configurable-choice';
import { textOf, type Doc } from '../../domain/cart/doc-fields';
import { wholeToken } from '../../domain/catalog-query/tokenize';

/** Listed products whose SKU, child SKU or EAN is exactly a code, own SKU first (the local index's lookup). */
export type CodeLookup = (code: string) => Doc[];

export interface ResolvedCode {
  product: Doc;
  /** The variant a configurable product's child SKU or EAN names. */
  child?: Doc | undefined;
}

const sameCode = (value: unknown, key: string) => value !== undefined && wholeToken(textOf(value)) === key;

/**
 * The product a typed, pasted or scanned code names: a product by its SKU or EAN, or a configurable
 * product with the variant whose SKU or EAN it is (so the line gets that variant's options).
 */
export function resolveCode(code: string, lookup: CodeLookup): ResolvedCode | null {
  const [product] = lookup(code);
  if (!product) return null;
  if (product.type_id !== 'configurable') return { product };
  const key = wholeToken(code);
  if (sameCode(product.sku, key) || sameCode(product.ean, key)) return { product };
  return { product, child: childrenOf(product).find((c) => sameCode(c.sku, key) || sameCode(c.ean, key)) };
}
