import { describe, expect, it } from 'vitest';
import { defaultPaymentMethod, defaultShippingMethod, placesOrderDirectly } from './checkout-rules';

describe('default method choice (SPEC §4)', () => {
  it('picks the first non-offline shipping method marked default, else the first', () => {
    const pickup = { method_code: 'pickup', offline: true, default: true };
    const courier = { method_code: 'flatrate', offline: false, default: true };
    const express = { method_code: 'express', offline: false, default: false };
    expect(defaultShippingMethod([pickup, express, courier])).toBe(courier);
    expect(defaultShippingMethod([pickup, express])).toBe(pickup);
    expect(defaultShippingMethod([{ ...courier, available: false }, express])).toBe(express);
    expect(defaultShippingMethod([])).toBeUndefined();
  });

  it('picks the payment method marked default, else the first', () => {
    const card = { code: 'card', default: false };
    const cod = { code: 'cashondelivery', default: true, is_server_method: false };
    expect(defaultPaymentMethod([card, cod])).toBe(cod);
    expect(defaultPaymentMethod([card])).toBe(card);
  });

  it('places a cash-on-delivery order directly because it is not a server method', () => {
    expect(placesOrderDirectly({ code: 'cashondelivery', is_server_method: false })).toBe(true);
    expect(placesOrderDirectly({ code: 'card', is_server_method: true })).toBe(false);
  });
});
