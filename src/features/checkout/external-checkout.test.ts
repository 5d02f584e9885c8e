import { describe, expect, it } from 'vitest';
import { externalCheckoutBase, externalCheckoutUrl } from './external-checkout';

describe('external checkout', () => {
  it('is off unless an http(s) site is configured', () => {
    expect(externalCheckoutBase(undefined, null)).toBeNull();
    expect(externalCheckoutBase('', '')).toBeNull();
    expect(externalCheckoutBase('javascript:alert(1)', null)).toBeNull();
    expect(externalCheckoutBase('https://pay.example.com/', null)).toBe('https://pay.example.com');
    expect(externalCheckoutBase('https://pay.example.com', 'http://try.example.com')).toBe('http://try.example.com');
  });

  it('hands over the user token and cart id, with gtm=true only when cookies are accepted', () => {
    expect(externalCheckoutUrl('https://pay.example.com', 'tok en', 'cart-1', false)).toBe('https://pay.example.com/vue/cart/sync/token/tok%20en/cart/cart-1');
    expect(externalCheckoutUrl('https://pay.example.com', null, 'cart-1', true)).toBe('https://pay.example.com/vue/cart/sync/token//cart/cart-1?gtm=true');
  });
});
