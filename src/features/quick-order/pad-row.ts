import { checkAddRequest } from '../../domain/add-to-cart/add-checks';
import { isAvailable, readStock, type StockReading } from '../../domain/add-to-cart/add-to-cart-rules';
import { CART_MESSAGES } from '../../domain/cart/cart-messages';
import { labelsOfChild, optionsOfChild } from '../../domain/cart/configurable-choice';
import { isRecord, recordsOf, textOf, type Doc } from '../../domain/cart/doc-fields';
import { buildProductOption, effectiveBundleChoice, requiredOptionsAnswered, type OptionChoices } from '../../domain/cart/product-option';
import { addPercent, readAmount } from '../../domain/pricing/money';
import { addQuantityRefusal, minimumOrderOf, quantityToAdd } from '../../domain/quantity/quantity-rules';
import { priceLine } from '../../domain/totals/line-price';
import { rowTotal } from '../../domain/totals/row-total';
import type { PadEntry } from './pad-lines';
import { resolveCode, type CodeLookup } from './resolve-code';

/** What a row is checked against: the local index, the shopper's group, VAT and the cart as it is. */
export interface RowContext {
  lookup: CodeLookup;
  /** The code's products are still being looked up (the local catalogue answers asynchronously). */
  pending?: (code: string) => boolean;
  customerGroupId: number;
  now: Date;
  /** VAT percent of a product's tax class. */
  taxPercent: (taxClassId: unknown) => number;
  /** Units of a line SKU the cart already holds. */
  inCart: (sku: string) => number;
}

/** Prices at the row's quantity (tiers included), whole pence. */
export interface RowPrice {
  unitPence: number;
  unitInclPence: number;
  totalPence: number;
  totalInclPence: number;
}

/** What the row shows of the product a code named. */
export interface RowProduct {
  /** The line's SKU: the variant's for a configurable product. */
  sku: string;
  name: string;
  url: string;
  options: { label: string; value: string }[];
  sellUnit: string | null;
  stock: { inStock: boolean; qty: number | null };
  minimumOrder: number;
  leadTimeDays: number | null;
  price: RowPrice | null;
}

/** What "Add all to cart" hands to the cart for a ready row (the product page's add request). */
export interface AddLine {
  product: Doc;
  childSku?: string | undefined;
  productOption: Doc;
  qty: number;
}

export type RowOutcome =
  | { kind: 'empty' }
  | { kind: 'unknown' }
  | { kind: 'refused'; type: 'warning' | 'error'; message: string; product: RowProduct }
  | { kind: 'ready'; product: RowProduct; line: AddLine };

function bundleMembers(product: Doc, lookup: CodeLookup): Map<string, Doc> {
  const members = new Map<string, Doc>();
  for (const option of recordsOf(product.bundle_options)) {
    for (const link of recordsOf(option.product_links)) {
      const sku = textOf(link.sku);
      const member = sku ? lookup(sku).find((d) => d.sku === sku) : undefined;
      if (member) members.set(sku, member);
    }
  }
  return members;
}

function productUrl(product: Doc, child: Doc | undefined): string {
  const slug = encodeURIComponent(textOf(product.url_key, textOf(product.slug, 'product')));
  return `/p/${encodeURIComponent(textOf(product.sku))}/${slug}${child ? `/${encodeURIComponent(textOf(child.sku))}` : ''}`;
}

function priceOf(unitPence: number, qty: number, vatPercent: number): RowPrice {
  const total = rowTotal(unitPence, qty, vatPercent);
  return { unitPence, unitInclPence: addPercent(unitPence, vatPercent), totalPence: total.exclPence, totalInclPence: total.inclPence };
}

/**
 * One row of the quick order pad checked as the product page checks an add (SPEC §4, §5), from the
 * local replica alone: unknown code; a configurable product without its variant; options; price
 * unknown; out of stock; a whole quantity above 0; then the line (with what the cart holds) against
 * the minimum order and the local stock. The live stock check happens when the row is added.
 */
export function evaluateRow(entry: PadEntry, context: RowContext): RowOutcome {
  const code = entry.code.trim();
  if (code === '' || context.pending?.(code)) return { kind: 'empty' };
  const resolved = resolveCode(code, context.lookup);
  if (!resolved) return { kind: 'unknown' };
  const { product, child } = resolved;
  const item = child ?? product;
  const minimumOrder = minimumOrderOf(product, child);
  const choices: OptionChoices = { configurable: child ? optionsOfChild(product, child) : [], bundle: effectiveBundleChoice(product, {}), custom: {} };
  const productOption = buildProductOption(choices);
  const typed = quantityToAdd(entry.qty, { minimum_order: minimumOrder });
  const qty = typed.ok ? typed.qty : minimumOrder;
  const members = product.type_id === 'bundle' ? bundleMembers(product, context.lookup) : undefined;
  const priced = priceLine({ product, child, productOption, qty, customerGroupId: context.customerGroupId, now: context.now, members });
  const stockFields = isRecord(item.stock) ? item.stock : isRecord(product.stock) ? product.stock : null;
  const stock: StockReading | null = stockFields ? readStock(stockFields) : null;
  const inStock = !stock || isAvailable(stock);
  const shown: RowProduct = {
    sku: textOf(item.sku),
    name: textOf(item.name, textOf(product.name)),
    url: productUrl(product, child),
    options: child ? labelsOfChild(product, child) : [],
    sellUnit: textOf(item.sell_unit_description, textOf(product.sell_unit_description)) || null,
    stock: { inStock, qty: stock?.manageStock ? stock.qty : null },
    minimumOrder,
    leadTimeDays: readAmount(item.lead_time_days) ?? readAmount(product.lead_time_days) ?? null,
    price: priced.ok ? priceOf(priced.unitPence, qty, context.taxPercent(product.tax_class_id)) : null,
  };
  const noVariant = product.type_id === 'configurable' && (!child || (readAmount(child.status) ?? 1) >= 2);
  const facts = { blocked: noVariant ? CART_MESSAGES.noSuchConfiguration : undefined, optionsAnswered: requiredOptionsAnswered(product, choices), pricePence: priced.ok ? priced.unitPence : null, inStock };
  const check = checkAddRequest(facts, entry.qty, { minimum_order: minimumOrder });
  if (!check.ok) return { kind: 'refused', type: check.type, message: check.message, product: shown };
  const refusal = addQuantityRefusal(context.inCart(shown.sku) + check.qty, minimumOrder, stock, 'volatile');
  if (refusal) return { kind: 'refused', type: 'error', message: refusal, product: shown };
  return { kind: 'ready', product: shown, line: { product, childSku: child ? shown.sku : undefined, productOption, qty: check.qty } };
}
