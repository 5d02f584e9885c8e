import { TAX_CLASS } from '../../schemas/catalog/product';
import type { SeedContext } from './seed-context';
import { shellProduct } from './shell-product';

/**
 * Virtual products (services: nothing to ship), downloadable guides and printed publications.
 * Guides and printed books are zero-rated for UK VAT (tax class 5); services are standard-rated.
 * Virtual and downloadable products do not manage stock: they never run out.
 */
const SERVICES: [sku: string, name: string, category: string, price: number, leadTime: number, description: string][] = [
  ['SRV-ANCHOR-DESIGN', 'Anchor Design Calculation Service', 'anchor-design-testing', 95, 3, 'Our engineers size anchors for your base plate, loads and substrate and send a signed calculation report, usually within 3 working days.'],
  ['SRV-PULL-TEST', 'On-Site Anchor Pull-Out Testing (per day)', 'anchor-design-testing', 450, 10, 'A technician tests installed anchors on site to BS 8539 and issues a test certificate. Book at least two weeks ahead.'],
  ['SRV-WARRANTY-3Y', 'Extended Tool Warranty +3 Years', 'tool-services', 24.99, 0, 'Adds three years of parts-and-labour cover to one power tool bought from us. Register the tool serial number after purchase.'],
  ['SRV-TOOL-SERVICE', 'Power Tool Service & Safety Check', 'tool-services', 35, 5, 'Strip-down, clean, new brushes where fitted, and an electrical safety test with certificate.'],
  ['SRV-PAT-TEST', '110V Site Tool PAT Test (per tool)', 'tool-services', 4.5, 2, 'Portable appliance test of a 110 V site tool with a dated label and record.'],
];

const GUIDES: [sku: string, name: string, price: number, files: [title: string, file: string][], description: string][] = [
  ['GD-CHEM-INSTALL', 'Chemical Anchor Installation Guide (PDF)', 3.99, [['Installation guide (PDF, 24 pages)', 'chemical-anchor-installation-guide.pdf']], 'Step-by-step installation of resin anchors in solid and hollow substrates, with cure-time tables.'],
  ['GD-ETA-PACK', 'ETA Document Pack: Through Bolts & Resins (PDF)', 2.49, [['Through bolt ETA', 'eta-through-bolts.pdf'], ['Vinylester resin ETA', 'eta-vinylester.pdf'], ['Epoxy resin ETA', 'eta-epoxy.pdf']], 'The European Technical Assessments for our through bolts and injection resins, for your O&M manuals.'],
  ['GD-TIMBER-DESIGN', 'Structural Timber Screw Design Guide (ePub)', 6.99, [['Design guide (ePub)', 'timber-screw-design-guide.epub']], 'Spacing, edge distances and capacities for structural timber screws to EN 1995.'],
  ['GD-FIXINGS-HANDBOOK', 'Fixings Selector Handbook (ePub + PDF)', 9.99, [['Handbook (ePub)', 'fixings-selector-handbook.epub'], ['Handbook (PDF)', 'fixings-selector-handbook.pdf']], 'Which fixing for which substrate: 180 pages of selection charts, loads and installation details.'],
  ['GD-PPE-GUIDE', 'Site PPE Compliance Guide (PDF)', 1.99, [['PPE guide (PDF, 16 pages)', 'site-ppe-compliance-guide.pdf']], 'What the regulations require on site: hi-vis classes, glove cut levels, mask ratings and hearing protection.'],
];

export function addServicesAndGuides(ctx: SeedContext): void {
  for (const [sku, name, category, price, leadTimeDays, description] of SERVICES) {
    ctx.add(shellProduct(ctx, { sku, name, type: 'virtual', family: 'services', category, price, keywords: ['service', 'virtual-demo'], description, inStock: true, qty: 0, manageStock: false, leadTimeDays }));
  }
  for (const [sku, name, price, files, description] of GUIDES) {
    const guide = shellProduct(ctx, { sku, name, type: 'downloadable', family: 'guides', category: 'technical-guides', price, keywords: ['guide', 'download', 'pdf', 'downloadable-demo'], description, inStock: true, qty: 0, manageStock: false, taxClass: TAX_CLASS.zeroRated });
    guide.downloads = files.map(([title, file]) => ({ title, url: `/downloads/guides/${file}` }));
    ctx.add(guide);
  }
  const printed: [string, string, number, string][] = [
    ['PUB-HANDBOOK', 'Fixings Technical Handbook (Printed, 240 pages)', 12.5, 'The printed edition of our selector handbook, spiral bound for site use.'],
    ['PUB-CATALOGUE', 'Printed Trade Catalogue (Current Edition)', 1.99, 'Our full range with trade prices and quantity breaks, posted to you. Free with any trade account order.'],
  ];
  for (const [sku, name, price, description] of printed) {
    ctx.add(shellProduct(ctx, { sku, name, type: 'simple', family: 'guides', category: 'technical-guides', price, keywords: ['catalogue', 'book', 'zero-rated-demo'], description, inStock: true, qty: 400, manageStock: true, taxClass: TAX_CLASS.zeroRated }));
  }
}
