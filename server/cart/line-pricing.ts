import { itemChecksum } from '../../src/domain/cart/item-checksum';
import { checkQuantityForProduct, minimumOrderOf, parseQuantity } from '../../src/domain/quantity/quantity-rules';
import { priceLine } from '../../src/domain/totals/line-price';
import type { OptionLabel } from '../../src/domain/totals/custom-option-price';
import type { Doc } from '../../src/domain/catalog-query/types';
import type { AppContext } from '../context';
import { isSaleable, type StockRow } from '../stock/stock-store';
import { bundleMembers, resolveProducts, stockOf, type ResolvedProduct } from './product-lookup';
import { readForPricing, type PricingRead } from './pricing-read';
import { hiddenCategoriesFor, isHiddenProduct, TRADE_ONLY_MESSAGE } from '../catalog/trade-only';

export interface LineInput {
  /** The cart item id, or the position in an order. */
  key: number;
  sku: string;
  qty: unknown;
  productOption: Doc | null;
}

export interface PricedLine {
  key: number;
  qty: number;
  resolved: ResolvedProduct;
  checksum: string;
  unitPence: number;
  labels: OptionLabel[];
  taxClassId: number | undefined;
}

/** `unavailable`: the product cannot be sold now (unknown, disabled, hidden, out of stock). */
export type LineProblem = { key: number; sku: string; code: 400 | 404; message: string; unavailable: boolean };

export type LineOutcome = { ok: true; line: PricedLine } | ({ ok: false } & LineProblem);

export interface PricingContext {
  customerGroupId: number;
  now: Date;
  /** Check the stock level too (adding to the cart, placing an order); totals skip it. */
  checkStock: boolean;
}

const numberOr = <T extends number | undefined>(value: unknown, fallback: T): number | T => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);

/**
 * Every rule a line must pass, in the order a shopper would want to hear them: quantity, product,
 * options and price, minimum order, stock. Prices come from the catalogue only. The products and
 * (when checked) stock rows of the skus are one read (`readForPricing`), or `read` when the caller
 * made it already, with the tax rules it needs as well.
 */
export async function priceLines(ctx: Pick<AppContext, 'db' | 'log' | 'catalog'>, inputs: readonly LineInput[], context: PricingContext, read?: PricingRead): Promise<LineOutcome[]> {
  const known = read ?? (await readForPricing(ctx.db, inputs.map((i) => i.sku), { stock: context.checkStock, taxRules: false }));
  const resolved = await resolveProducts(ctx, inputs, known);
  // Trade-only products cannot be carted or ordered by a group that may not see them (a guest).
  const hidden = hiddenCategoriesFor(ctx.catalog, context.customerGroupId);
  const found = resolved.flatMap((r) => (r.ok ? [r.value] : []));
  const members = await bundleMembers(ctx, found.map((r) => r.product));
  const stock = context.checkStock ? await stockOf(ctx, found.map((r) => r.lineSku), known.stock) : new Map<string, StockRow>();
  return inputs.map((input, i): LineOutcome => {
    const problem = (code: 400 | 404, message: string, unavailable = false): LineOutcome => ({ ok: false, key: input.key, sku: input.sku, code, message, unavailable });
    const qty = parseQuantity(input.qty);
    if (!qty.ok) return problem(400, qty.message);
    const r = resolved[i]!;
    if (!r.ok) return problem(r.code, r.message, r.unavailable);
    const { product, child } = r.value;
    if (isHiddenProduct(product, hidden)) return problem(404, TRADE_ONLY_MESSAGE(input.sku), true);
    const price = priceLine({ product, child, productOption: r.value.productOption, qty: qty.qty, customerGroupId: context.customerGroupId, now: context.now, members });
    if (!price.ok) return problem(400, price.message);
    if (context.checkStock) {
      const row = stock.get(r.value.lineSku);
      const refusal = checkQuantityForProduct(qty.qty, {
        minimumOrder: minimumOrderOf(product, child),
        manageStock: row?.manage_stock ?? true,
        isInStock: row ? isSaleable(row) : false,
        stockQty: row?.qty ?? 0,
      });
      if (refusal) return problem(400, refusal.message, refusal.stock);
    }
    return {
      ok: true,
      line: {
        key: input.key,
        qty: qty.qty,
        resolved: r.value,
        checksum: itemChecksum(r.value.productOption),
        unitPence: price.unitPence,
        labels: price.labels,
        taxClassId: numberOr(child?.tax_class_id, numberOr(product.tax_class_id, undefined)),
      },
    };
  });
}
