import type { CartLine } from '../../../schemas/rx/cart.schema';
import { unitPricesPence } from '../pricing/final-price';
import { addPercent } from '../pricing/money';
import { priceLine } from '../totals/line-price';
import { findChildBySku } from './configurable-choice';
import type { Doc } from './doc-fields';

/** What a line's price is worked out from: the catalogue documents, the shopper's group, the time and VAT. */
export interface LinePricing {
  /** The line's product; for a variant, its configurable parent. */
  product: Doc | undefined;
  /** Bundle members by sku. */
  members: ReadonlyMap<string, Doc>;
  customerGroupId: number;
  now: Date;
  /** The VAT rate of the product's tax class. */
  taxPercent: number;
}

export interface LineUnitPrice {
  pricePence: number;
  priceInclTaxPence: number;
  /** The skus whose own catalogue price the line's price is made of (the line's product or variant, bundle members). */
  pricedSkus: string[];
}

/**
 * One unit of the line as the catalogue prices it now: `priceLine`, the rule the server charges by
 * (special window, tiers at the line's quantity, options, variant, bundle). Null when the catalogue
 * cannot price it (product not on the device, options that no longer fit): the line keeps its price.
 */
export function catalogueLinePrice(line: Pick<CartLine, 'sku' | 'parentSku' | 'qty' | 'product_option'>, pricing: LinePricing): LineUnitPrice | null {
  const { product } = pricing;
  if (!product) return null;
  const child = line.parentSku ? findChildBySku(product, line.sku) : undefined;
  if (line.parentSku && !child) return null;
  const priced = priceLine({ product, child, productOption: line.product_option, qty: line.qty, customerGroupId: pricing.customerGroupId, now: pricing.now, members: pricing.members });
  if (!priced.ok) return null;
  return {
    pricePence: priced.unitPence,
    priceInclTaxPence: addPercent(priced.unitPence, pricing.taxPercent),
    pricedSkus: [line.sku, ...priced.bundleMembers.map((m) => m.sku)],
  };
}

/**
 * The render-list price sync confirms a line when the server's current price of every sku it is made
 * of equals the device's copy of that product (at quantity 1, as render-list prices): the catalogue
 * the line was priced from is then the server's. A sku the server did not price leaves it unconfirmed.
 */
export function confirmedByLivePrices(pricedSkus: readonly string[], documents: ReadonlyMap<string, Doc>, livePence: ReadonlyMap<string, number>, context: { customerGroupId: number; now: Date }): boolean {
  return pricedSkus.every((sku) => {
    const live = livePence.get(sku);
    const doc = documents.get(sku);
    return live !== undefined && doc !== undefined && unitPricesPence(doc, { now: context.now, qty: 1, customerGroupId: context.customerGroupId }).final === live;
  });
}

/** The price change a line has to tell the shopper: the price they last saw and the one it has now. */
export interface PriceChange {
  lineId: string;
  name: string;
  fromInclTaxPence: number;
  toInclTaxPence: number;
}

export function priceChangeOf(line: Pick<CartLine, 'id' | 'name' | 'price_incl_tax_pence' | 'price_seen_incl_tax_pence'>): PriceChange | null {
  const seen = line.price_seen_incl_tax_pence;
  if (seen === null || seen === undefined || seen === line.price_incl_tax_pence) return null;
  return { lineId: line.id, name: line.name, fromInclTaxPence: seen, toInclTaxPence: line.price_incl_tax_pence };
}

/** The fields a line takes for a new price: what the shopper saw stays, so the change is told. */
export function withNewPrice(line: CartLine, price: { pricePence: number; priceInclTaxPence: number }): Partial<CartLine> {
  if (line.price_pence === price.pricePence && line.price_incl_tax_pence === price.priceInclTaxPence) return {};
  return {
    price_pence: price.pricePence,
    price_incl_tax_pence: price.priceInclTaxPence,
    price_seen_incl_tax_pence: line.price_seen_incl_tax_pence ?? line.price_incl_tax_pence,
  };
}

/**
 * The fields a line takes for the price the server's cart holds it at (a pull, an update reply, the
 * totals), confirmed at `at`. A change is told, unless the shopper changed the quantity the server
 * had confirmed (`confirmedQty`): a tier price for the new quantity is their own doing and becomes
 * the price they see. A line the server confirms for the first time was priced at its quantity when
 * added, so a difference then is a change of the catalogue, told too.
 */
export function withServerPrice(line: CartLine, price: { pricePence: number; priceInclTaxPence: number }, confirmedQty: number | null | undefined, at: number): Partial<CartLine> {
  const quantityChanged = confirmedQty !== null && confirmedQty !== undefined && confirmedQty !== line.qty;
  const changed = withNewPrice(line, price);
  return {
    ...changed,
    ...(quantityChanged && 'price_pence' in changed ? { price_seen_incl_tax_pence: price.priceInclTaxPence } : {}),
    price_is_current: true,
    price_refreshed_at: at,
  };
}
