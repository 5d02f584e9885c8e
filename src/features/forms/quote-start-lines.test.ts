import { describe, expect, it } from 'vitest';
import { quoteStartLines } from './quote-start-lines';

const none = new URLSearchParams();

describe('quoteStartLines', () => {
  it('takes the cart lines passed as router state', () => {
    expect(quoteStartLines({ quoteLines: [{ sku: ' TB-M10 ', qty: 20 }, { sku: 'CS-5X50', qty: 3 }] }, none)).toEqual([
      { sku: 'TB-M10', qty: 20 },
      { sku: 'CS-5X50', qty: 3 },
    ]);
  });

  it('reads ?skus= with optional quantities after a colon', () => {
    expect(quoteStartLines(null, new URLSearchParams('skus=TB-M10:20,CS-5X50,,WA-8:0'))).toEqual([
      { sku: 'TB-M10', qty: 20 },
      { sku: 'CS-5X50', qty: 1 },
      { sku: 'WA-8', qty: 1 },
    ]);
  });

  it('prefers router state over the query and skips lines without a SKU', () => {
    expect(quoteStartLines({ quoteLines: [{ sku: '', qty: 2 }, { sku: 'A-1', qty: 2.5 }] }, new URLSearchParams('skus=B-2'))).toEqual([{ sku: 'A-1', qty: 1 }]);
  });

  it('starts empty without either', () => {
    expect(quoteStartLines(undefined, none)).toEqual([]);
    expect(quoteStartLines({ quoteLines: 'x' }, none)).toEqual([]);
  });
});
