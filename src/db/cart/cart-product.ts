import type { ProductRecord } from '../../../schemas/rx/products.schema';
import { CART_MESSAGES } from '../../domain/cart/cart-messages';
import { childrenOf, findChildByOptions, findChildBySku, optionsOfChild } from '../../domain/cart/configurable-choice';
import { recordsOf, textOf } from '../../domain/cart/doc-fields';
import { itemChecksum } from '../../domain/cart/item-checksum';
import { addPercent } from '../../domain/pricing/money';
import { findTaxRatePercent, type TaxRuleFields } from '../../domain/pricing/tax-rate';
import { DEFAULT_COUNTRY } from '../../domain/tax/destination';
import { priceLine } from '../../domain/totals/line-price';
import { storedContent, storedProducts } from '../catalog/catalog-records';
import type { ShopDatabase } from '../database-types';

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

/** The replicated tax rules (none where the content collection is not open). */
export async function localTaxRules(db: ShopDatabase): Promise<TaxRuleFields[]> {
  return await storedContent(db, 'taxrule');
}

/** UK VAT of a product class from the replicated tax rules (SPEC §1: tax is calculated on the client). */
export async function taxPercentFor(db: ShopDatabase, taxClassId: unknown, countryId = DEFAULT_COUNTRY): Promise<number> {
  if (!db.collections.content) return 0;
  return findTaxRatePercent(await localTaxRules(db), { productTaxClassId: Number(taxClassId ?? 2), countryId });
}

type Extension = { configurable_item_options?: { option_id?: unknown; option_value?: unknown }[]; bundle_options?: Record<string, unknown>[] };

/** Bundle member products by sku from the local replica, for links without a price of their own. */
async function bundleMembers(db: ShopDatabase, product: Record<string, unknown>): Promise<Map<string, Record<string, unknown>>> {
  const skus = recordsOf(product.bundle_options).flatMap((o) => recordsOf(o.product_links).map((l) => textOf(l.sku)).filter(Boolean));
  const docs = await storedProducts(db, skus);
  return new Map([...docs].map(([sku, d]) => [sku, d.source]));
}

/**
 * Builds a cart line input from a local product and the shopper's choice: the variant of a
 * configurable (by options or child sku, written back as its canonical options so the line's
 * checksum equals the server's), the bundle links and custom options priced by the shared line rule,
 * the group's price for the quantity the line will hold (`lineQty`, default 1: tiers), as the server
 * prices the line.
 */
export async function cartItemFromProduct(
  db: ShopDatabase,
  record: ProductRecord,
  choice: { productOption?: Record<string, unknown>; childSku?: string; customerGroupId?: number; members?: ReadonlyMap<string, Record<string, unknown>>; lineQty?: number } = {},
): Promise<CartItemInput> {
  const product = record.source;
  let option = choice.productOption ?? {};
  const ext = ((option as { extension_attributes?: Extension }).extension_attributes ?? {});
  const errors: Record<string, string> = {};
  let child: Record<string, unknown> | undefined;
  if (record.type_id === 'configurable') {
    child = choice.childSku ? findChildBySku(product, choice.childSku) : findChildByOptions(product, ext.configurable_item_options ?? []);
    if (child) option = { ...option, extension_attributes: { ...ext, configurable_item_options: optionsOfChild(product, child) } };
    else errors.variants = childrenOf(product).length === 0 ? CART_MESSAGES.noVariants : CART_MESSAGES.noSuchConfiguration;
  }
  const item: Record<string, unknown> = child ?? product;
  const members = choice.members && choice.members.size > 0 ? choice.members : await bundleMembers(db, product);
  const line = priceLine({ product, child, productOption: option, qty: Math.max(1, choice.lineQty ?? 1), customerGroupId: choice.customerGroupId ?? 0, now: new Date(), members });
  if (!line.ok && line.message === CART_MESSAGES.configure) errors.options = line.message;
  const pricePence = line.ok ? line.unitPence : 0;
  const tax = await taxPercentFor(db, product.tax_class_id);
  const priceInclTaxPence = addPercent(pricePence, tax);
  return {
    sku: typeof item.sku === 'string' ? item.sku : record.sku,
    parentSku: child ? record.sku : null,
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
