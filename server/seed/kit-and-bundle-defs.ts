/**
 * Grouped kits and bundles, by the SKUs of their members. Kits list a retail set of links for guests
 * (customer group 0) and a trade set for trade accounts (group 1): SPEC §6 shows a shopper only the
 * links of their group, so the trade kit swaps in trade packs and larger quantities.
 */
export interface KitDef {
  sku: string;
  name: string;
  retail: [sku: string, qty: number][];
  trade: [sku: string, qty: number][];
  description: string;
  keywords: string[];
}

export const KITS: readonly KitDef[] = [
  {
    sku: 'KIT-KITCHEN', name: 'Fixing Kit for Kitchen Cabinets',
    retail: [['FF-8-80', 1], ['WS-5-60-YP', 1], ['WP-BRN-100', 1], ['CA-M5-52', 1]],
    trade: [['FF-8-80', 2], ['WS-5-60-YP', 2], ['WP-BRN-500', 1], ['CA-M5-52', 2]],
    description: 'Everything to hang a run of wall cabinets and fix base units: frame fixings for masonry, cavity anchors for stud walls, screws and plugs.',
    keywords: ['kitchen fitting kit', 'cabinet fixings', 'kitchen fixing kit', 'grouped-demo'],
  },
  {
    sku: 'KIT-SHELF', name: 'Heavy Duty Shelving Fixing Kit',
    retail: [['FF-10-100', 1], ['WP-BLU-100', 1], ['CSC-8-75-Z', 1]],
    trade: [['FF-10-100-TP', 1], ['CSC-8-75-Z', 4]],
    description: 'Frame fixings, heavy-duty plugs and coach screws for racking and garage shelving into brick and block.',
    keywords: ['shelving kit', 'racking fixings', 'shelf fixings'],
  },
  {
    sku: 'KIT-TV', name: 'Plasterboard TV Bracket Fixing Kit',
    retail: [['ST-M6-80', 1], ['CA-M6-52', 1], ['HT-SL-600-IB', 1]],
    trade: [['ST-M6-80', 2], ['CA-M6-52', 2]],
    description: 'Spring toggles and M6 cavity anchors rated for TV brackets on plasterboard, plus a level to get it straight.',
    keywords: ['tv bracket fixings', 'plasterboard tv', 'tv mount kit'],
  },
  {
    sku: 'KIT-BALUSTRADE', name: 'Chemical Anchor Kit for Balustrades',
    retail: [['CR-VE-410', 2], ['RS-M12-160-A4', 1], ['AG-410-HD', 1], ['NZ-MIX-10', 1], ['HC-PUMP', 1], ['HC-BRUSH-14', 1]],
    trade: [['CR-VE-410-TP', 1], ['RS-M12-160-A4', 4], ['NZ-MIX-10', 2], ['HC-BRUSH-14', 2]],
    description: 'Vinylester resin, A4 stainless studs and the tools to install balustrade and handrail posts into concrete slabs.',
    keywords: ['balustrade fixings', 'handrail fixing', 'chem fix kit'],
  },
  {
    sku: 'KIT-FENCE', name: 'Fence Post & Gate Fixing Kit',
    retail: [['CB-M10-100-HDG', 1], ['CSC-10-100-HDG', 1], ['PW-M10-30-Z', 1]],
    trade: [['CB-M10-100-HDG', 3], ['CSC-10-100-HDG', 3], ['PW-M10-30-Z', 2]],
    description: 'Galvanised coach bolts and coach screws with penny washers for gates, posts and rails.',
    keywords: ['fence fixings', 'gate fixings', 'fencing kit'],
  },
  {
    sku: 'KIT-DECK', name: 'Decking Fixing Kit (about 10 m²)',
    retail: [['DK-45-60-GRN-500', 1], ['DB-TX20-50-5', 1], ['STS-6-100-WF', 1]],
    trade: [['DK-45-60-GRN-500', 2], ['DB-TX20-50-5', 2], ['STS-6-100-WF', 2]],
    description: 'Decking screws, spare TX20 bits and structural screws for the joists: enough for about 10 square metres.',
    keywords: ['decking kit', 'deck screws', 'decking fixings'],
  },
];

export interface BundleDef {
  sku: string;
  name: string;
  category: string;
  family: 'kits' | 'power-tools' | 'chemical';
  options: { title: string; type: 'select' | 'radio' | 'checkbox' | 'multi'; required: boolean; links: [sku: string, qty: number, isDefault: boolean][] }[];
  description: string;
  keywords: string[];
}

export const BUNDLES: readonly BundleDef[] = [
  {
    sku: 'BND-SDS-START', name: 'Build Your Own SDS Starter Set', category: 'tool-kits-bundles', family: 'power-tools',
    options: [
      { title: 'SDS drill', type: 'radio', required: true, links: [['VX-SDS18-B', 1, true], ['VX-SDS18-K4', 1, false], ['VX-SDS-800-240', 1, false]] },
      { title: 'Drill bits', type: 'select', required: true, links: [['BS-SDS-5', 1, true], ['BS-SDS-7', 1, false], ['BS-SDS-12', 1, false]] },
      { title: 'Chisels', type: 'checkbox', required: false, links: [['BS-SDS-CH3', 1, false]] },
      { title: 'Extra battery', type: 'checkbox', required: false, links: [['VX-BAT18-40', 1, false], ['VX-BAT18-50', 1, false]] },
      { title: 'Safety kit', type: 'multi', required: false, links: [['PPE-SG-CLR', 2, true], ['PPE-ED-30', 1, true], ['PPE-FFP3-V-5', 1, false]] },
    ],
    description: 'Pick an SDS drill, a bit set and the extras you need; the price updates as you choose.',
    keywords: ['sds kit', 'sds starter', 'drill bundle', 'bundle-demo'],
  },
  {
    sku: 'BND-CHEM-START', name: 'Chemical Anchoring Starter Bundle', category: 'chemical-kits', family: 'chemical',
    options: [
      { title: 'Resin', type: 'radio', required: true, links: [['CR-PE-380-GR', 2, true], ['CR-VE-410', 2, false], ['CR-EP-410', 1, false]] },
      { title: 'Applicator gun', type: 'radio', required: true, links: [['AG-380-COAX', 1, false], ['AG-410-HD', 1, true]] },
      { title: 'Studs', type: 'select', required: true, links: [['RS-M10-130-Z', 1, true], ['RS-M12-160-Z', 1, false]] },
      { title: 'Hole cleaning', type: 'checkbox', required: false, links: [['HC-PUMP', 1, true], ['HC-BRUSH-14', 1, false]] },
    ],
    description: 'Resin, gun, studs and cleaning kit for your first chemical anchors. Choose polyester for masonry or vinylester and epoxy for cracked concrete.',
    keywords: ['chem fix kit', 'resin kit', 'chemical anchor bundle'],
  },
  {
    sku: 'BND-DECK', name: 'Decking Screw & Driver Bundle', category: 'tool-kits-bundles', family: 'kits',
    options: [
      { title: 'Screws', type: 'radio', required: true, links: [['DK-45-60-GRN-500', 1, true], ['DK-45-60-BRN-500', 1, false], ['DK-45-60-A2-250', 2, false]] },
      { title: 'Bits', type: 'select', required: true, links: [['DB-TX20-50-5', 1, true]] },
      { title: 'Impact driver', type: 'checkbox', required: false, links: [['VX-ID18-B', 1, false]] },
    ],
    description: 'Decking screws with matching bits, and an impact driver if you need one.',
    keywords: ['decking bundle', 'deck screws and bits'],
  },
];
