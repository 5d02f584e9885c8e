import { opt } from './attributes';
import { PPE_BRANDS } from './brands';
import { box, EACH, pair, packOf, retail, type FamilyDef, type VariantSpec } from './variant-spec';

/** Site safety (PPE): glasses, hi-vis, gloves by cut level, hard hats, ear defenders, masks, boots. */

export const PPE_SIZES = ['S', 'M', 'L', 'XL', 'XXL'] as const;
const KW = ['ppe', 'site safety', 'safety'];

function clothing(): VariantSpec[] {
  const out: VariantSpec[] = [];
  for (const [code, colour] of [['YEL', 'Yellow'], ['ORG', 'Orange']] as const) {
    for (const size of PPE_SIZES) {
      out.push({
        sku: `PPE-HV-VEST-${code}-${size}`, name: `Hi-Vis Vest ${colour} Size ${size}`, category: 'hi-vis-clothing', family: 'safety', pack: EACH, tiers: true, price: 1.99,
        attrs: { colour: opt('colour', colour), size: opt('size', size), material: opt('material', 'Polyester'), approval: opt('approval', 'EN ISO 20471 Class 2') },
        keywords: ['hi vis', 'hi-vis', 'high visibility', 'vest', 'waistcoat', ...KW],
        description: `Class 2 hi-vis waistcoat in ${colour.toLowerCase()} with two retro-reflective bands and a hook-and-loop front.`,
      });
    }
  }
  const cuts = [['A', 1.29], ['B', 2.49], ['C', 3.99], ['D', 5.49], ['F', 7.99]] as const;
  for (const [level, price] of cuts) {
    for (const size of PPE_SIZES) {
      if (size === 'S' && level !== 'B') continue;
      out.push({
        sku: `PPE-GL-CUT${level}-${size}`, name: `Cut Level ${level} Work Gloves Size ${size === 'S' ? '7 (S)' : size === 'M' ? '8 (M)' : size === 'L' ? '9 (L)' : size === 'XL' ? '10 (XL)' : '11 (XXL)'}`,
        category: 'gloves', family: 'safety', pack: pair, tiers: true, price,
        attrs: { size: opt('size', size), material: opt('material', 'Nitrile-coated HPPE'), approval: opt('approval', 'EN 388 (gloves)') },
        keywords: ['gloves', 'work gloves', 'cut resistant gloves', `cut ${level.toLowerCase()} gloves`, ...KW],
        description: `Nitrile-coated gloves rated cut level ${level} to EN 388:2016, for ${level <= 'B' ? 'general handling and fixing' : 'sheet metal, glass and sharp edges'}.`,
      });
    }
  }
  for (const [code, kind, price] of [['S1P', 'S1P Safety Trainer', 34.99], ['S3', 'S3 Safety Boot', 49.99]] as const) {
    for (let uk = 6; uk <= 12; uk++) {
      out.push({
        sku: `PPE-BT-${code}-${uk}`, name: `${kind} UK ${uk}`, category: 'safety-boots', family: 'safety', pack: pair, stockProfile: 'tool', price,
        attrs: { size: opt('size', `UK ${uk}`), material: opt('material', 'Leather'), colour: opt('colour', 'Black'), approval: opt('approval', 'EN ISO 20345 S3') },
        keywords: ['safety boots', 'steel toe cap', 'work boots', 'rigger boots', ...KW],
        description: `${kind} with composite toe cap and midsole, slip-resistant sole. UK size ${uk}.`,
      });
    }
  }
  return out;
}

function headEyesLungs(): VariantSpec[] {
  const out: VariantSpec[] = [];
  const glasses: [string, string, number, string][] = [['PPE-SG-CLR', 'Safety Glasses Clear', 1.49, 'Clear'], ['PPE-SG-SMK', 'Safety Glasses Smoke', 1.79, 'Smoke'], ['PPE-SG-OTG', 'Over-Spectacles Safety Glasses', 2.99, 'Clear'], ['PPE-GOG-IV', 'Indirect Vent Safety Goggles', 4.49, 'Clear']];
  for (const [sku, name, price, colour] of glasses) {
    out.push({ sku, name, category: 'safety-glasses', family: 'safety', pack: EACH, tiers: true, price,
      attrs: { colour: opt('colour', colour), material: opt('material', 'Polycarbonate'), approval: opt('approval', 'EN 166 (eye protection)') },
      keywords: ['safety glasses', 'goggles', 'eye protection', 'specs', ...KW],
      description: `${name}: anti-scratch, anti-fog polycarbonate lens, EN 166 1F impact rated.` });
  }
  for (const colour of ['White', 'Yellow', 'Blue', 'Orange', 'Red', 'Green']) {
    out.push({ sku: `PPE-HH-${colour.slice(0, 3).toUpperCase()}`, name: `Vented Hard Hat ${colour}`, category: 'hard-hats', family: 'safety', pack: EACH, tiers: true, price: 4.99,
      attrs: { colour: opt('colour', colour), material: opt('material', 'HDPE'), approval: opt('approval', 'EN 397 (helmets)'), size: opt('size', 'One size') },
      keywords: ['hard hat', 'helmet', 'safety helmet', ...KW],
      description: `Vented HDPE safety helmet with a 6-point ratchet harness. ${colour === 'White' ? 'White: managers and supervisors.' : ''}`.trim() });
  }
  for (const snr of [27, 30, 33]) {
    out.push({ sku: `PPE-ED-${snr}`, name: `Ear Defenders SNR ${snr}dB`, category: 'ear-defenders', family: 'safety', pack: EACH, tiers: true, price: retail(4 + (snr - 27) * 2.5),
      attrs: { approval: opt('approval', 'EN 352 (hearing)'), size: opt('size', 'One size') },
      keywords: ['ear defenders', 'ear muffs', 'hearing protection', ...KW],
      description: `Adjustable over-head ear defenders, SNR ${snr} dB.` });
  }
  const masks: [string, string, number, number, string][] = [
    ['PPE-FFP2-V-10', 'FFP2 Valved Dust Mask', 10, 9.99, 'EN 149 FFP2'],
    ['PPE-FFP2-20', 'FFP2 Dust Mask', 20, 8.99, 'EN 149 FFP2'],
    ['PPE-FFP3-V-10', 'FFP3 Valved Dust Mask', 10, 17.99, 'EN 149 FFP3'],
    ['PPE-FFP3-V-5', 'FFP3 Valved Dust Mask', 5, 9.99, 'EN 149 FFP3'],
  ];
  for (const [sku, name, items, price, approval] of masks) {
    out.push({ sku, name, category: 'dust-masks', family: 'safety', pack: items >= 10 ? box(items) : packOf(items), tiers: true, price,
      attrs: { approval: opt('approval', approval), colour: opt('colour', 'White') },
      keywords: ['dust mask', 'ffp3', 'ffp2', 'respirator', 'silica dust', ...KW],
      description: `${name} for ${approval.endsWith('FFP3') ? 'silica, hardwood and cement dust' : 'plaster and general dust'}, exhalation ${sku.includes('-V-') ? 'valve for comfort' : 'without valve'}.` });
  }
  return out;
}

export const SAFETY: FamilyDef = { key: 'safety', weight: 0.05, brands: PPE_BRANDS, variants: () => [...clothing(), ...headEyesLungs()] };
