import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CartLine } from '../../../schemas/rx/cart.schema';
import { initI18n, setLanguage } from '../../i18n/i18n';
import { CartLineNotices } from './cart-line-notices';

const line = (over: Partial<CartLine>): CartLine => ({
  id: 'M8|x', sku: 'M8', name: 'M8 Hex Bolt', type_id: 'simple', qty: 1, checksum: 'x', product_option: {}, price_pence: 400, price_incl_tax_pence: 480, errors: {}, info: {}, added_at: 1, updated_at: 1, ...over,
});

beforeAll(async () => {
  await initI18n('en');
});

describe("the checkout's cart notices", () => {
  it('name the product with the old and new price, announced, with an OK whose name is its text', () => {
    const html = renderToStaticMarkup(<CartLineNotices lines={[line({ price_seen_incl_tax_pence: 420 })]} />);
    expect(html).toContain('role="status"');
    expect(html).toContain('The price of M8 Hex Bolt changed from £4.20 to £4.80.');
    expect(html).toMatch(/<button[^>]*>OK<\/button>/);
    expect(html).not.toMatch(/<button[^>]*aria-label/);
  });

  it("announce a line's stock message with the product's name", () => {
    const html = renderToStaticMarkup(<CartLineNotices lines={[line({ errors: { stock: 'Out of the stock!' } })]} />);
    expect(html).toContain('role="alert"');
    expect(html).toContain('M8 Hex Bolt: Out of the stock!');
  });

  it('show nothing when no line changed', () => {
    expect(renderToStaticMarkup(<CartLineNotices lines={[line({ price_seen_incl_tax_pence: 480 })]} />)).toBe('');
  });

  it('are worded in German and Italian too', async () => {
    await setLanguage('de');
    expect(renderToStaticMarkup(<CartLineNotices lines={[line({ price_seen_incl_tax_pence: 420 })]} />)).toContain('Der Preis von M8 Hex Bolt hat sich von £4.20 auf £4.80 geändert.');
    await setLanguage('it');
    expect(renderToStaticMarkup(<CartLineNotices lines={[line({ price_seen_incl_tax_pence: 420 })]} />)).toContain('Il prezzo di M8 Hex Bolt è cambiato da £4.20 a £4.80.');
    await setLanguage('en');
  });
});
