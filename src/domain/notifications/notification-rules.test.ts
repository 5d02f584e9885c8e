import { describe, expect, it } from 'vitest';
import { buildNotice, cartNotice, isExpired, isRepeatOfLast, NOTIFICATION_LIFETIME_MS } from './notification-rules';

describe('notification rules', () => {
  it('give every notice an OK action and the default lifetime of 5000 ms', () => {
    const notice = buildNotice({ type: 'success', message: 'Product has been added to the cart!' }, 'n1', 1000);
    expect(NOTIFICATION_LIFETIME_MS).toBe(5000);
    expect(notice).toEqual({ id: 'n1', type: 'success', message: 'Product has been added to the cart!', action1: { label: 'OK', action: 'close' }, action2: null, timeToLive: 5000, hasNoTimeout: false, created_at: 1000 });
  });

  it('expire after their lifetime unless they have no timeout', () => {
    const notice = buildNotice({ type: 'info', message: 'x' }, 'n', 0);
    expect(isExpired(notice, 4999)).toBe(false);
    expect(isExpired(notice, 5000)).toBe(true);
    expect(isExpired({ ...notice, hasNoTimeout: true }, 1e9)).toBe(false);
  });

  it('ignore a repeat of the last message while it is shown, but not an older one or an expired one', () => {
    const added = buildNotice({ type: 'success', message: 'Product has been added to the cart!' }, 'a', 0);
    const updated = buildNotice({ type: 'success', message: 'Product quantity has been updated!' }, 'b', 10);
    expect(isRepeatOfLast([added], { type: 'success', message: 'Product has been added to the cart!' }, 100)).toBe(true);
    expect(isRepeatOfLast([added, updated], { type: 'success', message: 'Product has been added to the cart!' }, 100)).toBe(false);
    expect(isRepeatOfLast([added], { type: 'success', message: 'Product has been added to the cart!' }, 5000)).toBe(false);
    expect(isRepeatOfLast([added], { type: 'error', message: 'Product has been added to the cart!' }, 100)).toBe(false);
  });

  it('offer "Proceed to checkout" on cart successes unless an external checkout is configured', () => {
    expect(cartNotice('success', 'Product has been added to the cart!').action2).toEqual({ label: 'Proceed to checkout', action: 'goToCheckout' });
    expect(cartNotice('success', 'Product has been added to the cart!', { externalCheckout: true }).action2).toBeNull();
    expect(cartNotice('error', 'The product is out of stock and cannot be added to the cart!').action2).toBeNull();
  });
});
