import { CART_MESSAGES } from '../../src/domain/cart/cart-messages';
import { findChildByOptions, findChildBySku, optionsOfChild } from '../../src/domain/cart/configurable-choice';
import { isRecord, recordsOf, textOf, type Doc } from '../../src/domain/cart/doc-fields';
import { getProductsBySku } from '../catalog/catalog-store';
import type { AppContext } from '../context';
import { stockFor } from '../stock/stock-service';
import type { StockRow } from '../stock/stock-store';
import type { PricingRead } from './pricing-read';


/** The catalogue side of a cart line: which product, which variant, which sku the line holds. */
export interface ResolvedProduct {
  /** The product shoppers see; for a variant, its configurable parent. */
  product: Doc;
  child?: Doc;
  /** The sku the line and the stock use: the child sku for a variant. */
  lineSku: string;
  parentSku: string | null;
  typeId: string;
  name: string;
  /** The options with a variant's axes filled in from the child, so equal choices look equal. */
  productOption: Doc | null;
}

/** `unavailable`: the product cannot be sold at all now (unknown, disabled, hidden), as opposed to a wrong choice of options. */
export type Resolution = { ok: true; value: ResolvedProduct } | { ok: false; code: 400 | 404; message: string; unavailable: boolean };

export const UNKNOWN_PRODUCT = (sku: string) => `The product that was requested doesn't exist: ${sku}`;
export const GROUPED_PRODUCT = 'A grouped product cannot be added as such: add the products it groups.';

const fail = (code: 400 | 404, message: string, unavailable = true): Resolution => ({ ok: false, code, message, unavailable });

function configurableChoice(productOption: Doc | null): Doc[] {
  const ext = productOption?.extension_attributes;
  return isRecord(ext) ? recordsOf(ext.configurable_item_options) : [];
}

const needsParent = (doc: Doc | undefined) => !doc || (doc.type_id !== 'configurable' && Number(doc.visibility) === 1);

/**
 * Finds what each requested sku means (SPEC §4, §5): a product; a configurable parent with chosen
 * options (resolved to the child); or a child addressed by its own sku (its standalone copy, if any,
 * is not sold on its own). Refuses unknown, disabled (status 2 or higher), hidden and grouped products.
 * Two or three queries for any number of lines; with `read` (the products and stock rows of the
 * requested skus, read already) only a parent and a stock row that read did not find are left to read.
 */
export async function resolveProducts(
  ctx: Pick<AppContext, 'db' | 'log'>,
  requests: readonly { sku: string; productOption: Doc | null }[],
  read?: Pick<PricingRead, 'products' | 'stock'>,
): Promise<Resolution[]> {
  const docs = read?.products ?? (await getProductsBySku(ctx.db, [...new Set(requests.map((r) => r.sku))]));
  const orphans = [...new Set(requests.map((r) => r.sku).filter((sku) => needsParent(docs.get(sku))))];
  const parentSkus = new Map<string, string>();
  if (orphans.length > 0) {
    const stock = await stockOf(ctx, orphans, read?.stock);
    for (const sku of orphans) {
      const own = docs.get(sku)?.parentSku;
      const parentSku = typeof own === 'string' && own ? own : stock.get(sku)?.parent_sku;
      if (parentSku) parentSkus.set(sku, parentSku);
    }
  }
  const parents = parentSkus.size > 0 ? await getProductsBySku(ctx.db, [...new Set(parentSkus.values())]) : new Map<string, Doc>();
  return requests.map((r) => {
    const parentSku = parentSkus.get(r.sku);
    return resolveOne(r.sku, r.productOption, docs.get(r.sku), parentSku ? parents.get(parentSku) : undefined);
  });
}

function resolveOne(sku: string, productOption: Doc | null, doc: Doc | undefined, candidate: Doc | undefined): Resolution {
  let parent: Doc | undefined;
  let child: Doc | undefined;
  if (doc?.type_id === 'configurable') {
    parent = doc;
    const chosen = configurableChoice(productOption);
    if (chosen.length === 0) return fail(400, CART_MESSAGES.configure, false);
    child = findChildByOptions(parent, chosen);
    if (!child) return fail(400, CART_MESSAGES.noSuchConfiguration, false);
  } else if (needsParent(doc)) {
    child = candidate ? findChildBySku(candidate, sku) : undefined;
    if (child) parent = candidate;
    else if (!doc) return fail(404, UNKNOWN_PRODUCT(sku));
  }
  const product = parent ?? doc!;
  const status = Number(product.status);
  if (!(status < 2)) return fail(400, CART_MESSAGES.disabled(status));
  if (child && !(Number(child.status ?? 1) < 2)) return fail(400, CART_MESSAGES.disabled(Number(child.status)));
  const visibility = Number(product.visibility);
  if (![2, 3, 4].includes(visibility)) return fail(400, CART_MESSAGES.hidden(visibility));
  if (product.type_id === 'grouped') return fail(400, GROUPED_PRODUCT, false);

  let canonical = productOption;
  if (parent && child) {
    const ext = isRecord(productOption?.extension_attributes) ? productOption.extension_attributes : {};
    canonical = { ...(productOption ?? {}), extension_attributes: { ...ext, configurable_item_options: optionsOfChild(parent, child) } };
  }
  return {
    ok: true,
    value: {
      product,
      ...(child ? { child } : {}),
      lineSku: textOf(child?.sku, textOf(product.sku)),
      parentSku: child ? textOf(product.sku) : null,
      typeId: textOf(product.type_id, 'simple'),
      name: textOf(child?.name, textOf(product.name, textOf(product.sku))),
      productOption: canonical,
    },
  };
}

/** The member products of bundles, by sku, for links without their own price. */
export async function bundleMembers(ctx: Pick<AppContext, 'db'>, products: readonly Doc[]): Promise<Map<string, Doc>> {
  const skus = new Set<string>();
  for (const p of products) {
    if (p.type_id !== 'bundle') continue;
    for (const option of recordsOf(p.bundle_options)) {
      for (const link of recordsOf(option.product_links)) if (typeof link.sku === 'string') skus.add(link.sku);
    }
  }
  return skus.size ? getProductsBySku(ctx.db, [...skus]) : new Map();
}

/** Stock rows for skus, from `known` (read already) where it has them; stockFor reads the rest. */
export async function stockOf(ctx: Pick<AppContext, 'db' | 'log'>, skus: readonly string[], known?: ReadonlyMap<string, StockRow>): Promise<Map<string, StockRow>> {
  const missing = known ? skus.filter((sku) => !known.has(sku)) : skus;
  const rows = missing.length > 0 ? await stockFor(ctx, missing) : new Map<string, StockRow>();
  if (known) for (const sku of skus) if (known.has(sku)) rows.set(sku, known.get(sku)!);
  return rows;
}
