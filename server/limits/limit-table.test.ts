import { describe, expect, it } from 'vitest';
import { limitEnvName, limitTableFromEnv, LIMIT_SPECS } from './limit-table';

describe('limitTableFromEnv', () => {
  it('takes the defaults, and a variable per limit as <max> or <max>/<seconds>', () => {
    const table = limitTableFromEnv({ RATE_LIMIT_GUEST_ORDERS: '3/60', RATE_LIMIT_SIGN_UP: '4', RATE_LIMIT_STREAMS_PER_ADDRESS: '7' });
    expect(table.guestOrders).toEqual({ max: 3, windowSeconds: 60 });
    expect(table.signUp).toEqual({ max: 4, windowSeconds: LIMIT_SPECS.signUp.windowSeconds });
    expect(table.streamsPerAddress.max).toBe(7);
    expect(table.login).toEqual({ max: LIMIT_SPECS.login.max, windowSeconds: LIMIT_SPECS.login.windowSeconds });
  });

  it('names each variable after its limit', () => {
    expect(limitEnvName('guestOrders')).toBe('RATE_LIMIT_GUEST_ORDERS');
    expect(limitEnvName('loginFailuresPerAccount')).toBe('RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT');
  });

  it('scales the per-process limits with RATE_LIMIT_SCALE, never the lock-outs kept in the database', () => {
    const table = limitTableFromEnv({ RATE_LIMIT_SCALE: '100' });
    expect(table.guestOrders.max).toBe(LIMIT_SPECS.guestOrders.max * 100);
    expect(table.streamsTotal.max).toBe(LIMIT_SPECS.streamsTotal.max * 100);
    expect(table.loginFailuresPerAccount.max).toBe(LIMIT_SPECS.loginFailuresPerAccount.max);
  });

  it.each([
    ['RATE_LIMIT_GUEST_ORDERS', 'ten', 'RATE_LIMIT_GUEST_ORDERS must be <max> or <max>/<window seconds>'],
    ['RATE_LIMIT_GUEST_ORDERS', '0/60', 'RATE_LIMIT_GUEST_ORDERS must be'],
    ['RATE_LIMIT_GUEST_ORDERS', '5/0', 'RATE_LIMIT_GUEST_ORDERS must be'],
    ['RATE_LIMIT_STREAMS_TOTAL', '5/60', 'RATE_LIMIT_STREAMS_TOTAL must be a whole number of at least 1'],
    ['RATE_LIMIT_SCALE', '0', 'RATE_LIMIT_SCALE must be a whole number'],
  ])('refuses %s=%s with a clear message', (name, value, message) => {
    expect(() => limitTableFromEnv({ [name]: value })).toThrow(message);
  });
});
