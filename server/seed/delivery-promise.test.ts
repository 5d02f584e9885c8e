import { describe, expect, it } from 'vitest';
import { COURIER_FLAT_RATE } from '../../src/domain/totals/delivery-methods';
import { buildCmsBlocks } from './cms-blocks';
import { buildCmsPages } from './cms-pages';

/**
 * The demo content promises only the delivery the shop charges: one courier flat rate on every order
 * (SPEC §3), so a shopper is never told of free delivery and then charged for it.
 */
const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

describe('the demo delivery promise', () => {
  const texts = [...buildCmsBlocks().filter((b) => b.identifier === 'delivery-promise'), ...buildCmsPages().filter((p) => p.identifier === 'delivery')].map((c) => c.content);

  it('names the flat rate with and without VAT, and no free delivery', () => {
    expect(texts).toHaveLength(2);
    for (const text of texts) {
      expect(text).toContain(pounds(COURIER_FLAT_RATE.amountPence));
      expect(text).toContain(pounds(COURIER_FLAT_RATE.inclTaxPence));
      expect(text.toLowerCase()).not.toContain('free');
    }
  });
});
