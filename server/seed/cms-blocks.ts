import type { CmsBlock } from '../../schemas/catalog/cms-block';
import { SHOP } from './shop';

/** Named HTML pieces the layout places: home hero, footer text, delivery promise, trade banner. */
const BLOCKS: [identifier: string, title: string, content: string, active: boolean][] = [
  ['home-hero', 'Home hero', `<h1>Trade fixings, next-day delivery</h1><p>Anchors, screws, resins and tools at trade prices. Order by ${SHOP.cutOff} for next-day delivery.</p>`, true],
  ['footer-about', 'Footer: about', `<p>${SHOP.name} supplies construction fixings and tools to the trade and the public from ${SHOP.address}.</p>`, true],
  ['delivery-promise', 'Delivery promise', `<p><strong>Next-working-day courier delivery</strong> on every order: £4.00 excl. VAT (£5.00 incl. VAT), ordered by ${SHOP.cutOff}.</p>`, true],
  ['trade-banner', 'Trade account banner', '<p>Trade customer? <a href="/trade-account">Open an account</a> for credit terms and trade packs.</p>', true],
  ['newsletter-promise', 'Newsletter promise', '<p>Sign up for offers and new products and get <strong>10% off</strong> your first order.</p>', true],
  ['checkout-help', 'Checkout help', `<p>Need help with your order? Call ${SHOP.phone}.</p>`, true],
  ['winter-notice', 'Winter resin notice', '<p>Below 5°C use winter-grade resin; cure times double in the cold.</p>', false],
];

export function buildCmsBlocks(): CmsBlock[] {
  return BLOCKS.map(([identifier, title, content, active], i) => ({ id: i + 1, identifier, title, content, active }));
}
