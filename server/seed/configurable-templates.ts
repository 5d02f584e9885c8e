import type { Traits } from './traits';

/**
 * The configurable products and the variant rules each one exercises (SPEC §4 "Variant selection"):
 * disabled children (status 2) are skipped, out-of-stock children are skipped unless allowed, and
 * when several children match the chosen options the lower price wins (the M10 through bolts share
 * bolt_diameter 10 at three prices).
 */
export interface ConfigurableTemplate {
  /** Parent SKU as the line writes it; each issue prefixes its brand code (tools: "VX-" from issue 0). */
  sku: string;
  name: string;
  axes: readonly string[];
  /** Attributes every child shares, copied onto the parent so their filters find it. */
  shared: readonly string[];
  children: readonly { sku: string; traits?: Partial<Traits> }[];
  keywords: readonly string[];
  description: string;
}

export const CONFIGURABLE_TEMPLATES: readonly ConfigurableTemplate[] = [
  {
    sku: 'TB-Z-RANGE', name: 'Through Bolts Bright Zinc Plated, Choose Your Size', axes: ['bolt_diameter', 'anchor_length'],
    shared: ['finish', 'material', 'head_type'],
    children: [
      { sku: 'TB-M8-75-Z' }, { sku: 'TB-M8-95-Z', traits: { status: 2 } }, { sku: 'TB-M10-80-Z' },
      { sku: 'TB-M10-100-Z', traits: { special: 'current' } }, { sku: 'TB-M10-120-Z', traits: { qty: 3 } },
      { sku: 'TB-M12-100-Z' }, { sku: 'TB-M12-150-Z', traits: { inStock: false, qty: 0, leadTimeDays: 10 } },
    ],
    keywords: ['through bolt', 'wedge anchor', 'configurable-demo'],
    description: 'Bright zinc plated through bolts in the sizes the trade uses most. Choose the thread diameter and length; M8 and M10 come in boxes of 50, M12 in boxes of 25.',
  },
  {
    sku: 'PPE-HV-VEST', name: 'Hi-Vis Vest Class 2', axes: ['colour', 'size'], shared: ['material', 'approval'],
    children: ['YEL', 'ORG'].flatMap((c) => ['M', 'L', 'XL', 'XXL'].map((s) => ({
      sku: `PPE-HV-VEST-${c}-${s}`, ...(c === 'ORG' && s === 'XXL' ? { traits: { inStock: false, qty: 0 } } : {}),
    }))),
    keywords: ['hi vis', 'hi-vis vest', 'waistcoat'],
    description: 'Class 2 hi-vis waistcoat with two retro-reflective bands. Yellow or orange (rail and highways), sizes M to XXL.',
  },
  {
    sku: 'PPE-GL-CUTB', name: 'Cut Level B Work Gloves', axes: ['size'], shared: ['material', 'approval'],
    children: ['S', 'M', 'L', 'XL', 'XXL'].map((s) => ({ sku: `PPE-GL-CUTB-${s}`, ...(s === 'S' ? { traits: { status: 2 } } : {}) })),
    keywords: ['gloves', 'cut resistant gloves'],
    description: 'Nitrile-coated HPPE gloves, cut level B to EN 388:2016, with a breathable back. Pick your size.',
  },
  {
    sku: 'AS-SIL-GP', name: 'General Purpose Silicone 310ml', axes: ['colour'], shared: ['material'],
    children: ['CLR', 'WHT', 'BLK', 'BRN', 'GRY'].map((c) => ({ sku: `AS-SIL-GP-${c}`, ...(c === 'BRN' ? { traits: { inStock: false, qty: 0 } } : {}) })),
    keywords: ['silicone', 'sealant', 'mastic'],
    description: 'Acetoxy general purpose silicone in five colours, 310 ml cartridges for a standard caulking gun.',
  },
  {
    sku: 'CD18', name: '18V Brushless Combi Drill', axes: ['battery_capacity'], shared: ['battery_voltage'],
    children: [{ sku: 'VX-CD18-B' }, { sku: 'VX-CD18-K2' }, { sku: 'VX-CD18-K4', traits: { qty: 4 } }, { sku: 'VX-CD18-K5', traits: { special: 'current' } }],
    keywords: ['combi drill', 'cordless drill', '18v'],
    description: 'Compact brushless combi drill, 75 Nm. Buy it body only if you are already on the 18 V platform, or as a kit with two batteries, charger and case.',
  },
];
