import { describe, expect, it } from 'vitest';
import { parseConsoleTables } from './parse-console-table';

describe('parseConsoleTables', () => {
  it('reads rows and columns of a console.table, numbers as numbers', () => {
    const output = [
      'Order placement, PGlite, 16 clients',
      '┌───────────────────────────────┬────────┬──────────┐',
      '│ (index)                       │ orders │ orders/s │',
      '├───────────────────────────────┼────────┼──────────┤',
      '│ spread over 50 skus (5 s)     │ 802    │ 156.6    │',
      "│ every order takes one hot sku │ 250    │ 'n/a'    │",
      '└───────────────────────────────┴────────┴──────────┘',
    ].join('\n');
    expect(parseConsoleTables(output)).toEqual([
      { 'spread over 50 skus (5 s)': { orders: 802, 'orders/s': 156.6 }, 'every order takes one hot sku': { orders: 250, 'orders/s': 'n/a' } },
    ]);
  });
});
