import { unitPricesPence } from '../pricing/final-price';
import { CART_MESSAGES } from '../cart/cart-messages';
import { labelsOfChild } from '../cart/configurable-choice';
import { isRecord, recordsOf, type Doc } from '../cart/doc-fields';
import { priceBundle } from './bundle-price';
import { priceCustomOptions, type OptionLabel } from './custom-option-price';


export interface LineRequest {
  /** The catalogue product; for a variant, its configurable parent. */
  product: Doc;
  /** The configurable child the line holds, if any. */
  child?: Doc | undefined;
  productOption: Doc | null;
  qty: number;
  customerGroupId: number;
  now: Date;
  /** Bundle members by sku. */
  members?: ReadonlyMap<string, Doc>;
}

export type LinePrice =
  | { ok: true; unitPence: number; labels: OptionLabel[]; bundleMembers: { sku: string; qty: number }[] }
  | { ok: false; message: string };

function listOf(productOption: Doc | null, key: string): Doc[] {
  const ext = productOption?.extension_attributes;
  return isRecord(ext) ? recordsOf(ext[key]) : [];
}

/**
 * One unit of a cart line excluding tax, in pence: the final price of the product or child (list,
 * special window, tier for this quantity and customer group), or the bundle's sum of links, plus the
 * custom options. Refused when the options do not fit the product or the price is not above 0.
 */
export function priceLine(request: LineRequest): LinePrice {
  const { product, child, productOption } = request;
  let basePence: number;
  let labels: OptionLabel[] = [];
  let bundleMembers: { sku: string; qty: number }[] = [];
  if (product.type_id === 'bundle') {
    const bundle = priceBundle(product, listOf(productOption, 'bundle_options'), {
      now: request.now,
      customerGroupId: request.customerGroupId,
      products: request.members ?? new Map(),
    });
    if (!bundle) return { ok: false, message: CART_MESSAGES.configure };
    basePence = bundle.unitPence;
    labels = bundle.labels;
    bundleMembers = bundle.members;
  } else {
    basePence = unitPricesPence(child ?? product, { now: request.now, qty: request.qty, customerGroupId: request.customerGroupId }).final;
    if (child) labels = labelsOfChild(product, child);
  }
  const custom = priceCustomOptions(product, listOf(productOption, 'custom_options'), basePence);
  if (!custom) return { ok: false, message: CART_MESSAGES.configure };
  const unitPence = basePence + custom.addPence;
  if (unitPence <= 0) return { ok: false, message: CART_MESSAGES.priceUnknown };
  return { ok: true, unitPence, labels: [...labels, ...custom.labels], bundleMembers };
}
