import type { CmsPage } from '../../schemas/catalog/cms-page';
import { SHOP } from './shop';

/** CMS pages, opened at /i/{identifier} and by the static routes (/about-us, /delivery, ...). HTML is CMS-authored. */
const PAGES: [identifier: string, title: string, content: string][] = [
  ['about-us', 'About us', `<h2>Fixings for people who build</h2><p>${SHOP.name} has supplied builders, installers and maintenance teams from our Manchester warehouse since 1998. We stock more than 20,000 lines of anchors, screws, bolts, tools and site safety kit, and we answer the phone with people who have fixed things for a living.</p><ul><li>Next-day delivery on orders placed by ${SHOP.cutOff}</li><li>Trade accounts with 30-day credit</li><li>Free anchor design advice</li></ul>`],
  ['delivery', 'Delivery', `<h2>Delivery information</h2><p>Orders placed by ${SHOP.cutOff} Monday to Friday leave the same day by parcel courier for next-working-day delivery to most UK mainland addresses.</p><table><thead><tr><th>Service</th><th>Price (excl. VAT)</th><th>Price (incl. VAT)</th></tr></thead><tbody><tr><td>Courier flat rate, every order</td><td>£4.00</td><td>£5.00</td></tr></tbody></table><p>Special-order lines show their lead time on the product page. Highlands, islands and Northern Ireland take 2-3 working days.</p>`],
  ['sustainability', 'Sustainability', '<h2>Building better</h2><p>We consolidate orders into fewer boxes, ship in recycled cardboard with paper void fill, and run an electric van fleet for local deliveries. Our packaging partners take back plastic tubs and cartridges for recycling.</p><p>We choose resins with low styrene content where the performance allows, and offer a battery recycling drop-off at our trade counter.</p>'],
  ['contact', 'Contact us', `<h2>Get in touch</h2><p>Phone <a href="tel:${SHOP.phone.replace(/ /g, '')}">${SHOP.phone}</a> (Mon-Fri 7am-5pm, Sat 8am-12pm) or e-mail <a href="mailto:${SHOP.email}">${SHOP.email}</a>.</p><p>Trade counter: ${SHOP.address}.</p>`],
  ['meet-the-team', 'Meet the team', '<h2>The people behind your order</h2><ul><li><strong>Dave Morrow</strong>, founder: 30 years on site as a steel fixer.</li><li><strong>Priya Natarajan</strong>, technical manager: chartered structural engineer, runs our anchor design service.</li><li><strong>Tom Kowalski</strong>, warehouse lead: gets your order out by 4pm.</li><li><strong>Sian Evans</strong>, trade accounts: sets up credit in a day.</li></ul>'],
  ['privacy-policy', 'Privacy policy', `<h2>Privacy policy</h2><p>${SHOP.name} is the controller of the personal data you give us when you order, open an account or sign up to our newsletter. We use it to fulfil orders, run your account and, only if you agree, send offers. We keep order records for six years for tax purposes.</p><p>You can ask for a copy of your data, or for it to be corrected or deleted, by e-mailing ${SHOP.email}.</p>`],
  ['terms-and-conditions', 'Terms and conditions', '<h2>Terms and conditions of sale</h2><ol><li>Prices are shown excluding VAT; VAT is added at checkout at the rate for the delivery country.</li><li>Quantity break prices apply per product line to the quantity in one order.</li><li>Trade packs have a minimum order quantity shown on the product page.</li><li>Title passes on payment in full; risk passes on delivery.</li></ol>'],
  ['returns', 'Returns', '<h2>Returns</h2><p>Unused items in their original packaging can be returned within 30 days for a full refund. Cut-to-length items, opened resin cartridges and special-order lines cannot be returned unless faulty.</p><p>Start a return from <a href="/my-account/orders">your orders</a>.</p>'],
  ['trade-credit', 'Trade credit accounts', '<h2>Open a trade account</h2><p>Get 30-day credit terms, trade prices with an extra 5% off, and exclusive trade packs. Applications are usually approved within one working day.</p><p><a href="/trade-account">Apply for a trade account</a></p>'],
];

export function buildCmsPages(): CmsPage[] {
  return PAGES.map(([identifier, title, content], i) => ({
    id: i + 1, identifier, title, content, content_heading: title,
    meta_title: `${title} | ${SHOP.name}`, meta_description: `${title} at ${SHOP.name}: trade fixings, fasteners and tools with next-day UK delivery.`,
    active: true,
  }));
}
