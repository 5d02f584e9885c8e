import { describe, expect, it } from 'vitest';
import { isKnownShippingMethod, needsShipping, paymentMethodsFor, shippingMethodsFor } from './delivery-methods';

describe('shipping and payment methods', () => {
  it('offers the courier flat rate at 4 / 5 for a taxed destination', () => {
    const [method, ...rest] = shippingMethodsFor(['simple'], true);
    expect(rest).toEqual([]);
    expect(method).toMatchObject({ carrier_code: 'courier', method_code: 'flatrate', amount: 4, price_incl_tax: 5, available: true, default: true, offline: false });
    expect(shippingMethodsFor(['simple'], false)[0]?.price_incl_tax).toBe(4);
  });

  it('has no shipping for a virtual or downloadable cart', () => {
    expect(needsShipping(['virtual', 'downloadable'])).toBe(false);
    expect(needsShipping(['virtual', 'simple'])).toBe(true);
    expect(needsShipping([])).toBe(true);
    expect(shippingMethodsFor(['downloadable'], true)).toEqual([]);
  });

  it('excludes cash on delivery only when every item is virtual or downloadable', () => {
    expect(paymentMethodsFor(['simple']).map((m) => m.code)).toEqual(['cashondelivery']);
    expect(paymentMethodsFor(['virtual', 'configurable']).map((m) => m.code)).toEqual(['cashondelivery']);
    expect(paymentMethodsFor(['virtual', 'downloadable'])).toEqual([]);
    expect(paymentMethodsFor([])).toHaveLength(1);
    expect(paymentMethodsFor(['simple'])[0]).toMatchObject({ cost: 0, costInclTax: 0, cost_incl_tax: 0, default: true, offline: true, is_server_method: false });
  });

  it('knows its own method codes', () => {
    expect(isKnownShippingMethod('courier', 'flatrate')).toBe(true);
    expect(isKnownShippingMethod('flatrate', 'flatrate')).toBe(false);
  });
});
