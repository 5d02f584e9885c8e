import { measure, opt } from './attributes';
import { AVAILABLE, ensureCore, makeIssue, type MakeOptions } from './issues';
import type { FamilyCatalogue } from './product-families';
import type { SeedContext } from './seed-context';
import { PER_METRE, type Brand, type VariantSpec } from './variant-spec';

/**
 * Products that pin down one rule each, with fixed SKUs and a keyword naming the rule, so tests and
 * manual checks can find them in any catalogue size and seed. Everything else about them is random.
 */
const HOUSE: readonly Brand[] = [{ name: '', code: '', priceFactor: 1 }];

const ZERO_PRICE: VariantSpec = {
  sku: 'WP-SAMPLE-CARD', name: 'Wall Plug Colour Guide Sample Card', category: 'wall-plugs', family: 'cavity', pack: { description: 'Each', amount: 1, items: 1 },
  price: 0, attrs: {}, keywords: ['sample card', 'colour guide'],
  description: 'A card showing the UK wall plug colour code with one plug of each colour. Price on request.',
};

const CUT_ROD: VariantSpec = {
  sku: 'TR-M12-CUT-Z', name: 'Threaded Rod M12 Bright Zinc Plated, Cut to Length', category: 'threaded-rod', family: 'bolts', pack: PER_METRE,
  price: 2.49, tiers: true, customOptions: ['cut-to-length'],
  attrs: { bolt_diameter: measure('bolt_diameter', 12), finish: opt('finish', 'Bright zinc plated'), material: opt('material', 'Carbon steel') },
  keywords: ['threaded rod', 'studding', 'cut to size', 'custom-options-demo'],
  description: 'M12 studding cut to your length in the workshop. Priced per metre started; enter the length of each piece and choose how the ends are finished.',
};

/** [SKU, rule keyword, what is fixed]. */
const DEMOS: [string, string, MakeOptions][] = [
  ['CR-EP-585', 'last-five-demo', { traits: { ...AVAILABLE, qty: 5 } }],
  ['VX-SDS36-K4', 'last-five-demo', { traits: { ...AVAILABLE, qty: 5 } }],
  ['HT-SL-600-DG', 'last-five-demo', { traits: { ...AVAILABLE, qty: 5 } }],
  ['AS-FS-WHT', 'html-escape-demo', { traits: AVAILABLE, description: 'Frame sealant for uPVC and timber frames. <script>alert(1)</script> Supplier note: <b>paintable</b> after 24 hours & "non-yellowing".' }],
  ['HT-HM-CL20-FG', 'special-above-price-demo', { traits: { ...AVAILABLE, special: 'above-price' } }],
  ['DB-PZ2-25-10', 'special-current-demo', { traits: { ...AVAILABLE, special: 'current' } }],
  ['HS-64-BM', 'special-expired-demo', { traits: { ...AVAILABLE, special: 'expired' } }],
  ['AG-410-HD', 'special-future-demo', { traits: { ...AVAILABLE, special: 'future' } }],
  ['TB-M10-100-HDG', 'special-open-ended-demo', { traits: { ...AVAILABLE, special: 'open-ended' } }],
  ['SDS-26-1000', 'disabled-demo', { traits: { status: 2 } }],
  ['RWN-75-BR-1KG', 'catalog-only-demo', { traits: { status: 1, visibility: 2 } }],
  ['STP-14', 'search-only-demo', { traits: { status: 1, visibility: 3 } }],
  ['TEK-55-100-HS', 'out-of-stock-demo', { traits: { status: 1, visibility: 4, inStock: false, qty: 0, leadTimeDays: 0 } }],
  ['SDSM-40-570', 'special-order-demo', { traits: { status: 1, visibility: 4, inStock: false, qty: 0, leadTimeDays: 14 } }],
  ['HT-SK-12-25', 'lead-time-demo', { traits: { ...AVAILABLE, leadTimeDays: 10 } }],
  ['PPE-BT-S3-12', 'low-stock-demo', { traits: { ...AVAILABLE, qty: 2 } }],
  ['TB-M10-100-Z-TP', 'minimum-order-demo', { traits: AVAILABLE }],
  ['WP-NY-10X60-EA', 'under-a-pound-demo', { traits: { ...AVAILABLE, special: 'none' } }],
  ['WS-4-40-YP', 'tier-price-demo', { traits: { ...AVAILABLE, tiers: true, tradeTiers: true, special: 'none' } }],
  ['PPE-GOG-IV', 'new-demo', { traits: { ...AVAILABLE, createdDaysAgo: 2 } }],
  ['VX-ID18-K4', 'custom-options-demo', { traits: { ...AVAILABLE, video: true } }],
  ['VX-GR-230-110', 'clearance-demo', { traits: { ...AVAILABLE, special: 'current', clearance: true } }],
];

export function addRuleDemos(ctx: SeedContext, catalogue: FamilyCatalogue): void {
  makeIssue(ctx, ZERO_PRICE, HOUSE, 0, { traits: { ...AVAILABLE, special: 'none', tiers: false }, keywords: ['zero-price-demo'] });
  makeIssue(ctx, CUT_ROD, HOUSE, 0, { traits: { ...AVAILABLE, special: 'none' } });
  for (const [sku, keyword, options] of DEMOS) {
    ensureCore(ctx, catalogue, sku, { ...options, keywords: [keyword] });
  }
}
