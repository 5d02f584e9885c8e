import { describe, expect, it } from 'vitest';
import { formatMoney, formatPence } from './money';

const intl = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2, maximumFractionDigits: 2 });

describe('money formatting', () => {
  it('shows pounds with £ and two decimals', () => {
    expect(formatMoney(11.69)).toBe('£11.69');
    expect(formatMoney(4)).toBe('£4.00');
    expect(formatMoney(1234.5)).toBe('£1,234.50');
    expect(formatPence(1403)).toBe('£14.03');
  });

  it('writes every amount as Intl.NumberFormat en-GB GBP does', () => {
    const edges = [0, -0, 0.001, -0.001, 0.004999, 0.005, -0.005, 0.015, 1.005, 2.675, -2.675, 0.125, 999.995, -999.995, 1e-7, -1e-7, 1234567.891, 9999999999999.99, 1e13, -1e13, 1e21, 1e300, NaN, Infinity, -Infinity];
    // Random amounts with up to 4 decimals, prices in pence and VAT-like products of the two.
    let seed = 42;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const amounts = [...edges];
    for (let i = 0; i < 20_000; i++) {
      const magnitude = 10 ** Math.floor(random() * 9);
      amounts.push(Math.round((random() - 0.2) * magnitude * 10_000) / 10_000, Math.round(random() * 1e6) / 100, (Math.round(random() * 1e5) / 100) * 1.2);
    }
    const wrong = amounts.filter((amount) => formatMoney(amount) !== intl.format(amount)).map((amount) => `${amount}: ${formatMoney(amount)} != ${intl.format(amount)}`);
    expect(wrong).toEqual([]);
  });
});
