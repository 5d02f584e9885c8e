import type { ImageFamily } from './image-paths';

/**
 * The shape of the demo category tree. Ids are fixed so links, tests and bookmarks stay stable:
 * top-level families 20-31, their sub-categories 101-322, level-4 categories 621-672, all below
 * 809 so they appear in breadcrumbs (SPEC §9). Clearance is 900 on purpose: the one category that
 * exercises the "breadcrumbs only below id 809" rule (it is also kept out of the menu).
 */
export interface CategoryNode {
  id: number;
  key: string;
  name: string;
  children?: CategoryNode[];
  /** Customer groups that must not see the category (0 = guests). */
  restricted?: number[];
  inMenu?: boolean;
  family?: ImageFamily;
}

const leaf = (id: number, key: string, name: string, children?: CategoryNode[]): CategoryNode =>
  children ? { id, key, name, children } : { id, key, name };

export const TOP_LEVEL: CategoryNode[] = [
  { id: 20, key: 'anchors-fixings', name: 'Anchors & Fixings', family: 'anchors', children: [
    leaf(101, 'through-bolts', 'Through Bolts'), leaf(102, 'sleeve-anchors', 'Sleeve Anchors'),
    leaf(103, 'shield-anchors', 'Shield Anchors'), leaf(104, 'drop-in-anchors', 'Drop-in Anchors'),
    leaf(105, 'hammer-fixings', 'Hammer Fixings'), leaf(106, 'frame-fixings', 'Frame Fixings'),
    leaf(107, 'fixing-kits', 'Fixing Kits'), leaf(108, 'anchor-design-testing', 'Anchor Design & Testing'),
    leaf(109, 'technical-guides', 'Technical Guides & Publications'),
  ] },
  { id: 21, key: 'chemical-anchoring', name: 'Chemical Anchoring', family: 'chemical', children: [
    leaf(121, 'resin-cartridges', 'Resin Cartridges', [
      leaf(621, 'polyester-resin', 'Polyester Resin'), leaf(622, 'vinylester-resin', 'Vinylester Resin'),
      leaf(623, 'epoxy-resin', 'Epoxy Resin'),
    ]),
    leaf(122, 'resin-studs', 'Threaded Studs'), leaf(123, 'mesh-sleeves', 'Mesh Sleeves'),
    leaf(124, 'applicator-guns', 'Applicator Guns'), leaf(125, 'nozzles-cleaning', 'Nozzles & Hole Cleaning'),
    leaf(126, 'chemical-kits', 'Chemical Anchoring Kits'),
  ] },
  { id: 22, key: 'cavity-plasterboard-fixings', name: 'Cavity & Plasterboard Fixings', family: 'cavity', children: [
    leaf(141, 'wall-plugs', 'Wall Plugs'), leaf(142, 'spring-toggles', 'Spring Toggles'),
    leaf(143, 'cavity-anchors', 'Cavity Anchors'), leaf(144, 'self-drive-plugs', 'Self-Drive Plasterboard Plugs'),
  ] },
  { id: 23, key: 'screws', name: 'Screws', family: 'screws', children: [
    leaf(161, 'wood-screws', 'Wood Screws', [
      leaf(631, 'yellow-passivated-wood-screws', 'Yellow Passivated'), leaf(632, 'zinc-plated-wood-screws', 'Bright Zinc Plated'),
      leaf(633, 'stainless-wood-screws', 'Stainless Steel'),
    ]),
    leaf(162, 'concrete-screws', 'Concrete Screws'), leaf(163, 'self-drilling-screws', 'Self-Drilling Tek Screws'),
    leaf(164, 'drywall-screws', 'Drywall Screws'), leaf(165, 'decking-screws', 'Decking Screws'),
    leaf(166, 'roofing-screws', 'Roofing & Cladding Screws'), leaf(167, 'structural-timber-screws', 'Structural Timber Screws'),
  ] },
  { id: 24, key: 'bolts-nuts-washers', name: 'Bolts, Nuts & Washers', family: 'bolts', children: [
    leaf(181, 'hex-bolts-set-screws', 'Hex Bolts & Set Screws'), leaf(182, 'coach-bolts', 'Coach Bolts'),
    leaf(183, 'coach-screws', 'Coach Screws'), leaf(184, 'threaded-rod', 'Threaded Rod'),
    leaf(185, 'nuts', 'Nuts', [leaf(641, 'hex-nuts', 'Hex Nuts'), leaf(642, 'nyloc-nuts', 'Nyloc Nuts')]),
    leaf(186, 'washers', 'Washers', [
      leaf(651, 'flat-washers', 'Flat Washers'), leaf(652, 'penny-washers', 'Penny Washers'), leaf(653, 'spring-washers', 'Spring Washers'),
    ]),
  ] },
  { id: 25, key: 'nails-pins', name: 'Nails & Pins', family: 'nails', children: [
    leaf(201, 'round-wire-nails', 'Round Wire Nails'), leaf(202, 'lost-head-nails', 'Lost Head Nails'),
    leaf(203, 'clout-nails', 'Clout Nails'), leaf(204, 'masonry-nails', 'Masonry Nails'),
    leaf(205, 'collated-nails', 'Collated Nails'), leaf(206, 'staples', 'Staples'),
  ] },
  { id: 26, key: 'drill-bits-accessories', name: 'Drill Bits & Accessories', family: 'drill-bits', children: [
    leaf(221, 'sds-plus-bits', 'SDS-Plus Bits'), leaf(222, 'sds-max-bits', 'SDS-Max Bits'),
    leaf(223, 'hss-metal-bits', 'HSS Metal Bits'),
    leaf(224, 'wood-bits', 'Wood Bits', [leaf(661, 'spade-bits', 'Spade Bits'), leaf(662, 'auger-bits', 'Auger Bits')]),
    leaf(225, 'diamond-cores', 'Diamond Core Bits'), leaf(226, 'holesaws', 'Holesaws'),
    leaf(227, 'driver-bits', 'Driver Bits'), leaf(228, 'bit-sets', 'Bit Sets'),
  ] },
  { id: 27, key: 'power-tools', name: 'Power Tools', family: 'power-tools', children: [
    leaf(241, 'sds-drills', 'SDS Drills'), leaf(242, 'combi-drills', 'Combi Drills'),
    leaf(243, 'impact-drivers', 'Impact Drivers'), leaf(244, 'angle-grinders', 'Angle Grinders'),
    leaf(245, 'saws', 'Saws', [leaf(671, 'circular-saws', 'Circular Saws'), leaf(672, 'reciprocating-saws', 'Reciprocating Saws')]),
    leaf(246, 'multi-tools', 'Multi-Tools'), leaf(247, 'batteries-chargers', 'Batteries & Chargers'),
    leaf(248, 'tool-kits-bundles', 'Tool Kits & Bundles'), leaf(249, 'tool-services', 'Warranties & Servicing'),
  ] },
  { id: 28, key: 'hand-tools', name: 'Hand Tools', family: 'hand-tools', children: [
    leaf(261, 'hammers', 'Hammers'), leaf(262, 'tape-measures', 'Tape Measures'), leaf(263, 'spirit-levels', 'Spirit Levels'),
    leaf(264, 'chisels', 'Chisels & Bolsters'), leaf(265, 'knives-blades', 'Knives & Blades'),
    leaf(266, 'caulking-guns', 'Caulking Guns'), leaf(267, 'spanners-sockets', 'Spanners & Sockets'),
  ] },
  { id: 29, key: 'adhesives-sealants', name: 'Adhesives & Sealants', family: 'adhesives', children: [
    leaf(281, 'silicone-sealants', 'Silicone Sealants'), leaf(282, 'decorators-caulk', "Decorators' Caulk"),
    leaf(283, 'grab-adhesives', 'Grab Adhesives'), leaf(284, 'expanding-foam', 'Expanding Foam'),
    leaf(285, 'construction-adhesives', 'Construction Adhesives'), leaf(286, 'pva', 'PVA'),
    leaf(287, 'frame-sealants', 'Frame Sealants'),
  ] },
  { id: 30, key: 'site-safety-ppe', name: 'Site Safety (PPE)', family: 'safety', children: [
    leaf(301, 'safety-glasses', 'Safety Glasses'), leaf(302, 'hi-vis-clothing', 'Hi-Vis Clothing'),
    leaf(303, 'gloves', 'Work Gloves'), leaf(304, 'hard-hats', 'Hard Hats'), leaf(305, 'ear-defenders', 'Ear Defenders'),
    leaf(306, 'dust-masks', 'Dust Masks'), leaf(307, 'safety-boots', 'Safety Boots'),
  ] },
  { id: 31, key: 'trade-only', name: 'Trade Only', family: 'kits', restricted: [0], children: [
    leaf(321, 'trade-packs', 'Trade Packs'), leaf(322, 'bulk-buy', 'Bulk Buy'),
  ] },
  { id: 900, key: 'clearance', name: 'Clearance', family: 'hand-tools', inMenu: false },
];
