/** Checkout rules on the client (SPEC §4, §5, §9). */

export interface ShippingMethodLike {
  method_code?: string;
  carrier_code?: string;
  default?: boolean;
  offline?: boolean;
  available?: boolean;
}

export interface PaymentMethodLike {
  code?: string;
  default?: boolean;
  offline?: boolean;
  is_server_method?: boolean;
}

/** SPEC §4: the first non-offline method marked default, else the first. Unavailable ones never count (SPEC §5). */
export function defaultShippingMethod<T extends ShippingMethodLike>(methods: readonly T[]): T | undefined {
  const usable = methods.filter((m) => m.available !== false);
  return usable.find((m) => !m.offline && m.default) ?? usable[0];
}

/** SPEC §4: the payment method marked default, else the first. */
export function defaultPaymentMethod<T extends PaymentMethodLike>(methods: readonly T[]): T | undefined {
  return methods.find((m) => m.default) ?? methods[0];
}

/** SPEC §4: cash on delivery (not a server method) places the order directly, with no payment step. */
export function placesOrderDirectly(method: PaymentMethodLike | undefined): boolean {
  return method !== undefined && method.is_server_method === false;
}
