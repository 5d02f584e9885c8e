import { describe, expect, it } from 'vitest';
import type { PendingCartOp } from '../../schemas/rx/local-documents';
import { orderedLineAccount } from './ordered-line-account';

const op = (op_id: string, type: PendingCartOp['type'], qty?: number): PendingCartOp => ({ op_id, type, key: 'NUT|', sku: 'NUT', product_option: null, ...(qty === undefined ? {} : { qty }) });

describe('orderedLineAccount', () => {
  it('says nothing of a line with no change pending', () => {
    expect(orderedLineAccount(4, [])).toBeUndefined();
  });

  it('works the confirmed quantity back from the adds and takes since', () => {
    expect(orderedLineAccount(6, [op('a', 'add', 2), op('b', 'add', 4)])).toEqual({ confirmed_qty: 0, unconfirmed: [{ op_id: 'a', qty: 2 }, { op_id: 'b', qty: 4 }] });
    expect(orderedLineAccount(5, [op('a', 'add', 3), op('t', 'take', 1)])).toEqual({ confirmed_qty: 3, unconfirmed: [{ op_id: 'a', qty: 3 }, { op_id: 't', qty: -1 }] });
  });

  it('counts nothing from before a removal', () => {
    expect(orderedLineAccount(2, [op('a', 'add', 9), op('r', 'remove'), op('b', 'add', 2)])).toEqual({ confirmed_qty: 0, unconfirmed: [{ op_id: 'r', qty: 0 }, { op_id: 'b', qty: 2 }] });
  });

  it('gives no account of a line with a set pending since its last removal (seed 1160000340)', () => {
    expect(orderedLineAccount(4, [op('a', 'add', 3), op('s', 'set', 4)])).toBeUndefined();
    expect(orderedLineAccount(7, [op('s', 'set', 5), op('b', 'add', 2)])).toBeUndefined();
    expect(orderedLineAccount(2, [op('s', 'set', 5), op('r', 'remove'), op('b', 'add', 2)])).toEqual({ confirmed_qty: 0, unconfirmed: [{ op_id: 'r', qty: 0 }, { op_id: 'b', qty: 2 }] });
  });

  it('lists no more changes than an order may carry', () => {
    expect(orderedLineAccount(51, Array.from({ length: 51 }, (_, i) => op(`a${i}`, 'add', 1)))).toBeUndefined();
  });
});
