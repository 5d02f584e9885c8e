import type { ProductRecord } from '../../schemas/rx/products.schema';
import { childrenOf, findChildByOptions, findChildBySku } from '../domain/cart/configurable-choice';
import { itemChecksum } from '../domain/cart/item-checksum';
import { unitPricesPence } from '../domain/pricing/final-price';
import { addPercent } from '../domain/pricing/money';
import { findTaxRatePercent, type TaxRuleFields } from '../domain/pricing/tax-rate';
import { DEFAULT_COUNTRY } from '../domain/tax/destination';
import { priceCustomOptions } from '../domain/totals/custom-option-price';
import type { ShopDatabase } from './database-types';

/** What a cart line is made from: the product (or chosen variant) with its unit prices in pence. */
export interface CartItemInput {
  sku: string;
  parentSku: string | null;
  name: string;
  type_id: string;
  thumbnail: string | null;
  product_option: Record<string, unknown>;
  checksum: string;
  pricePence: number;
  priceInclTaxPence: number;
  /** The fields the add-to-cart rules read. */
  price_incl_tax: number;
  stock: Record<string, unknown> | null;
  errors: Record<string, string>;
}

/** UK VAT of a product class from the replicated tax rules (SPEC §1: tax is calculated on the client). */
export async function taxPercentFor(db: ShopDatabase, taxClassId: unknown, countryId = DEFAULT_COUNTRY): Promise<number> {
  if (!db.collections.content) return 0;
  const rules = (await db.content.find({ selector: { entity: 'taxrule' } }).exec()).map((d) => d.source as TaxRuleFields);
  return findTaxRatePercent(rules, { productTaxClassId: Number(taxClassId ?? 2), countryId });
}

type Extension = { configurable_item_options?: { option_id?: unknown; option_value?: unknown }[]; custom_options?: Record<string, unknown>[] };

/**
 * Builds a cart line input from a local product and the shopper's choice: the variant of a
 * configurable (by options or child sku), the custom options' prices, the group's price for qty 1.
 */
export async function cartItemFromProduct(
  db: ShopDatabase,
  record: ProductRecord,
  choice: { productOption?: Record<string, unknown>; childSku?: string; customerGroupId?: number } = {},
): Promise<CartItemInput> {
  const product = record.source;
  const option = choice.productOption ?? {};
  const ext = ((option as { extension_attributes?: Extension }).extension_attributes ?? {});
  const errors: Record<string, string> = {};
  let item: Record<string, unknown> = product;
  let parentSku: string | null = null;
  if (record.type_id === 'configurable') {
    const child = choice.childSku ? findChildBySku(product, choice.childSku) : findChildByOptions(product, ext.configurable_item_options ?? []);
    if (child) {
      item = child;
      parentSku = record.sku;
    } else errors.variants = childrenOf(product).length === 0 ? 'No available product variants' : 'No such configuration for the product';
  }
  const now = new Date();
  const base = unitPricesPence(item, { now, customerGroupId: choice.customerGroupId ?? 0 }).final;
  const custom = ext.custom_options?.length ? priceCustomOptions(product, ext.custom_options, base) : { addPence: 0, labels: [] };
  if (!custom) errors.options = 'Please configure product bundle/custom options and fix the validation errors.';
  const pricePence = base + (custom?.addPence ?? 0);
  const tax = await taxPercentFor(db, product.tax_class_id);
  const priceInclTaxPence = addPercent(pricePence, tax);
  return {
    sku: typeof item.sku === 'string' ? item.sku : record.sku,
    parentSku,
    name: typeof item.name === 'string' ? item.name : record.name,
    type_id: record.type_id,
    thumbnail: typeof product.thumbnail === 'string' ? product.thumbnail : null,
    product_option: option,
    checksum: itemChecksum(Object.keys(option).length > 0 ? option : null),
    pricePence,
    priceInclTaxPence,
    price_incl_tax: priceInclTaxPence / 100,
    stock: (item.stock as Record<string, unknown> | undefined) ?? null,
    errors,
  };
}

/** The same from a product document as the screens hold it (from the replica or the server). */
export function cartItemFromDocument(db: ShopDatabase, product: Record<string, unknown>, choice: Parameters<typeof cartItemFromProduct>[2] = {}): Promise<CartItemInput> {
  const record = { sku: String(product.sku), type_id: String(product.type_id), name: String(product.name), source: product } as ProductRecord;
  return cartItemFromProduct(db, record, choice);
}
