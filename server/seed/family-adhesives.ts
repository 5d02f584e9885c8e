import { opt } from './attributes';
import { ADHESIVE_BRANDS } from './brands';
import { EACH, type FamilyDef, type VariantSpec } from './variant-spec';

/** Adhesives and sealants: silicones, caulk, grab and construction adhesives, PU foam, PVA, frame sealant. */

const COLOUR_CODES: Record<string, string> = { Clear: 'CLR', White: 'WHT', Black: 'BLK', Brown: 'BRN', Grey: 'GRY', Magnolia: 'MAG' };
const KW = ['sealant', 'mastic', 'adhesive'];

interface Line { code: string; name: string; category: string; ml: number; price: number; colours: string[]; material: string; kw: string[]; text: string }

export const SILICONE_GP_COLOURS = ['Clear', 'White', 'Black', 'Brown', 'Grey'];

const LINES: Line[] = [
  { code: 'AS-SIL-GP', name: 'General Purpose Silicone', category: 'silicone-sealants', ml: 310, price: 3.49, colours: SILICONE_GP_COLOURS, material: 'Silicone', kw: ['silicone', 'gp silicone'], text: 'Acetoxy silicone for general glazing and sealing joints indoors and out.' },
  { code: 'AS-SIL-SAN', name: 'Sanitary Silicone Anti-Mould', category: 'silicone-sealants', ml: 310, price: 4.99, colours: ['Clear', 'White', 'Black'], material: 'Silicone', kw: ['bathroom silicone', 'sanitary silicone', 'anti mould'], text: 'Fungicidal sanitary silicone for baths, showers and kitchen worktops.' },
  { code: 'AS-SIL-LM', name: 'Low Modulus Silicone', category: 'silicone-sealants', ml: 310, price: 5.99, colours: ['Clear', 'White', 'Grey'], material: 'Silicone', kw: ['low modulus', 'neutral cure silicone'], text: 'Neutral-cure low-modulus silicone for movement joints in masonry and cladding.' },
  { code: 'AS-CK', name: "Decorators' Caulk", category: 'decorators-caulk', ml: 310, price: 1.89, colours: ['White', 'Magnolia'], material: 'Acrylic', kw: ['caulk', 'decorators caulk', 'gap filler'], text: 'Over-paintable acrylic caulk for gaps around skirting, architrave and coving.' },
  { code: 'AS-CK-380', name: "Decorators' Caulk 380ml", category: 'decorators-caulk', ml: 380, price: 2.29, colours: ['White'], material: 'Acrylic', kw: ['caulk', 'decorators caulk'], text: 'Trade-size acrylic caulk, paintable in 30 minutes.' },
  { code: 'AS-GRB-HG', name: 'High Grab Adhesive', category: 'grab-adhesives', ml: 310, price: 4.49, colours: ['White'], material: 'Acrylic', kw: ['grab adhesive', 'no more nails', 'instant grab'], text: 'Solvent-free high-grab adhesive that holds skirting and panels without propping.' },
  { code: 'AS-CA-HYB', name: 'Hybrid Polymer Adhesive & Sealant', category: 'construction-adhesives', ml: 290, price: 7.99, colours: ['Clear', 'White', 'Black', 'Grey'], material: 'Polyurethane', kw: ['hybrid sealant', 'ms polymer', 'construction adhesive', 'sticks like'], text: 'Bonds and seals almost anything, even wet surfaces and underwater.' },
  { code: 'AS-CA-PU', name: 'PU Construction Adhesive', category: 'construction-adhesives', ml: 310, price: 5.99, colours: ['Brown'], material: 'Polyurethane', kw: ['pu adhesive', 'construction adhesive', 'gap filling adhesive'], text: 'Gap-filling polyurethane adhesive for timber, stone, metal and insulation boards.' },
  { code: 'AS-FS', name: 'Low Modulus Frame Sealant', category: 'frame-sealants', ml: 310, price: 3.99, colours: ['White', 'Brown', 'Clear', 'Black'], material: 'Silicone', kw: ['frame sealant', 'lmn', 'window sealant'], text: 'Neutral-cure frame sealant for uPVC and timber windows and doors.' },
];

function cartridges(): VariantSpec[] {
  return LINES.flatMap((l) => l.colours.map((colour): VariantSpec => ({
    sku: `${l.code}-${COLOUR_CODES[colour] ?? 'STD'}`, name: `${l.name} ${colour} ${l.ml}ml`, category: l.category, family: 'adhesives', pack: EACH, tiers: true,
    price: l.price, attrs: { colour: opt('colour', colour), material: opt('material', l.material) },
    specs: [['Volume', `${l.ml} ml`], ['Skin time', '10-15 min']],
    keywords: [...l.kw, `${colour.toLowerCase()} ${l.kw[0] ?? 'sealant'}`, ...KW],
    description: `${l.text} ${colour}, ${l.ml} ml cartridge for a standard caulking gun.`,
  })));
}

function foamAndPva(): VariantSpec[] {
  const foams: [string, string, number, string | undefined][] = [
    ['AS-PU-750-H', 'Expanding Foam Hand Held 750ml', 5.49, undefined], ['AS-PU-750-G', 'Expanding Foam Gun Grade 750ml', 6.99, undefined],
    ['AS-PU-750-FR', 'Fire Rated Expanding Foam B1 750ml', 11.99, 'BS 476 fire rated'], ['AS-PU-750-LE', 'Low Expansion Window & Door Foam 750ml', 8.49, undefined],
  ];
  const out: VariantSpec[] = foams.map(([sku, name, price, approval]) => ({
    sku, name, category: 'expanding-foam', family: 'adhesives', pack: EACH, tiers: true, price,
    attrs: { material: opt('material', 'Polyurethane'), colour: opt('colour', 'Yellow'), ...(approval ? { approval: opt('approval', approval) } : {}) },
    keywords: ['expanding foam', 'pu foam', 'foam filler', 'gun foam'],
    description: `${name}: fills, seals and insulates gaps around pipes, frames and service penetrations.${approval ? ' Tested to BS 476-20 for up to 240 minutes in linear joints.' : ''}`,
  }));
  for (const [size, price] of [['1L', 4.99], ['2L5', 9.99], ['5L', 16.99]] as const) {
    out.push({ sku: `AS-PVA-${size}`, name: `PVA Wood Glue & Primer ${size.replace('L5', '.5').replace('L', '')} Litre`, category: 'pva', family: 'adhesives', pack: EACH, tiers: true, price,
      attrs: { colour: opt('colour', 'White') },
      keywords: ['pva', 'wood glue', 'primer', 'sealer'],
      description: 'Multi-purpose PVA: wood adhesive, primer, sealer and admixture for render.' });
  }
  return out;
}

export const ADHESIVES: FamilyDef = { key: 'adhesives', weight: 0.05, brands: ADHESIVE_BRANDS, variants: () => [...cartridges(), ...foamAndPva()] };
