import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { ThankYouStatus, type ThankYouStatusProps } from './thank-you-status';

const sent: ThankYouStatusProps = { waiting: null, newTotal: null, sentLater: false, number: '000000042', orderedElsewhere: false };

beforeAll(async () => {
  await initI18n('en');
});

describe("the thank-you page's announced outcome", () => {
  it('gives the number of the order placed here', () => {
    const html = renderToStaticMarkup(<ThankYouStatus {...sent} />);
    expect(html).toContain('role="status"');
    expect(html).toContain('Your order number is 000000042.');
  });

  it('says, inside the status, that the cart had been ordered elsewhere as that order and that no second order was placed', () => {
    const html = renderToStaticMarkup(<ThankYouStatus {...sent} orderedElsewhere />);
    expect(html).toMatch(/^<div role="status">.*This cart has already been ordered on another device or in another session, as order 000000042: no second order was placed\. Anything that order did not include is still in your cart\..*<\/div>$/);
    expect(html).not.toContain('Your order number is');
  });
});
