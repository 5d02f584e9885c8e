import type { PaymentMethodReply, ShippingMethodReply } from '../../../schemas/api/cart';

/** Virtual and downloadable products are never shipped (SPEC §5). */
export const NON_SHIPPED_TYPES: ReadonlySet<string> = new Set(['virtual', 'downloadable']);

export const isShippedType = (typeId: string): boolean => !NON_SHIPPED_TYPES.has(typeId);

/** A cart needs shipping unless it has items and every one is virtual or downloadable. */
export function needsShipping(typeIds: readonly string[]): boolean {
  return typeIds.length === 0 || typeIds.some(isShippedType);
}

/**
 * The only configured method (SPEC §1, §3, §9): a parcel courier at a flat 4.00 excluding tax and
 * 5.00 including tax. Those two figures are configuration, not a computed rate (5.00 is not 4.00 at
 * 20 %): the fee costs 5.00 wherever the destination charges VAT and 4.00 where it charges none.
 */
export const COURIER_FLAT_RATE = {
  carrier_code: 'courier',
  method_code: 'flatrate',
  carrier_title: 'Parcel courier',
  method_title: 'Courier flat rate',
  amountPence: 400,
  inclTaxPence: 500,
} as const;

/** The shipping fee in pence for a destination, excluding and including tax. */
export function shippingFeePence(destinationChargesVat: boolean): { amount: number; inclTax: number } {
  return { amount: COURIER_FLAT_RATE.amountPence, inclTax: destinationChargesVat ? COURIER_FLAT_RATE.inclTaxPence : COURIER_FLAT_RATE.amountPence };
}

/**
 * The free-delivery rule, one for the server's totals and the device's offline ones: when the shop
 * sets a threshold (server config `FREE_DELIVERY_FROM`, sent to the device with the cart's totals),
 * a shipped order whose goods come to at least that much excluding VAT, after any discount, pays no
 * delivery; below it the courier flat rate applies. Without a threshold every order pays the flat rate.
 */
export function deliveryFeePence(destinationChargesVat: boolean, goodsExclPence: number, freeFromPence: number | null): { amount: number; inclTax: number } {
  if (freeFromPence !== null && goodsExclPence >= freeFromPence) return { amount: 0, inclTax: 0 };
  return shippingFeePence(destinationChargesVat);
}

/** How much more (excl. VAT, pence) the goods need for free delivery: 0 when reached, null without a threshold. */
export function freeDeliveryShortfallPence(goodsExclPence: number, freeFromPence: number | null): number | null {
  return freeFromPence === null ? null : Math.max(0, freeFromPence - goodsExclPence);
}

export function isKnownShippingMethod(carrierCode: string | undefined, methodCode: string | undefined): boolean {
  return carrierCode === COURIER_FLAT_RATE.carrier_code && methodCode === COURIER_FLAT_RATE.method_code;
}

/** The methods for a cart; unavailable ones are dropped (SPEC §5), and a virtual cart has none. */
export function shippingMethodsFor(typeIds: readonly string[], destinationChargesVat: boolean): ShippingMethodReply[] {
  if (!needsShipping(typeIds)) return [];
  const fee = shippingFeePence(destinationChargesVat);
  const methods: ShippingMethodReply[] = [
    {
      carrier_code: COURIER_FLAT_RATE.carrier_code,
      method_code: COURIER_FLAT_RATE.method_code,
      carrier_title: COURIER_FLAT_RATE.carrier_title,
      method_title: COURIER_FLAT_RATE.method_title,
      amount: fee.amount / 100,
      base_amount: fee.amount / 100,
      price_excl_tax: fee.amount / 100,
      price_incl_tax: fee.inclTax / 100,
      available: true,
      error_message: '',
      default: true,
      offline: false,
      is_server_method: true,
    },
  ];
  return methods.filter((m) => m.available);
}

export const CASH_ON_DELIVERY: PaymentMethodReply = {
  code: 'cashondelivery',
  title: 'Cash On Delivery',
  cost: 0,
  costInclTax: 0,
  cost_incl_tax: 0,
  default: true,
  offline: true,
  is_server_method: false,
};

/** Cash on delivery is excluded when every item is virtual or downloadable (SPEC §5). */
export function paymentMethodsFor(typeIds: readonly string[]): PaymentMethodReply[] {
  const virtualOnly = typeIds.length > 0 && !typeIds.some(isShippedType);
  return virtualOnly ? [] : [{ ...CASH_ON_DELIVERY }];
}
