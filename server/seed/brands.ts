import type { Brand } from './variant-spec';

/**
 * Invented brands (no real trademarks). The house brand sells under the bare SKU and no brand in
 * the name; other brands prefix their code and scale the price by their position in the market.
 */
const HOUSE: Brand = { name: '', code: '', priceFactor: 1 };

export const FIXING_BRANDS: readonly Brand[] = [
  HOUSE,
  { name: 'Boltwell', code: 'BWL', priceFactor: 1.12 },
  { name: 'Stoneclaw', code: 'STC', priceFactor: 1.25 },
  { name: 'Kestrel Fixings', code: 'KFX', priceFactor: 0.94 },
  { name: 'Ironmark', code: 'IRM', priceFactor: 1.35 },
  { name: 'Sitebuy Value', code: 'SBV', priceFactor: 0.82 },
];

export const POWER_TOOL_BRANDS: readonly Brand[] = [
  { name: 'Voltrax', code: 'VX', priceFactor: 1 },
  { name: 'Kestrel Pro', code: 'KP', priceFactor: 1.18 },
  { name: 'Tradeforce', code: 'TF', priceFactor: 0.88 },
  { name: 'Ampwright', code: 'AW', priceFactor: 1.08 },
  { name: 'Ridgeback', code: 'RB', priceFactor: 1.3 },
];

export const HAND_TOOL_BRANDS: readonly Brand[] = [
  HOUSE,
  { name: 'Forgewell', code: 'FGW', priceFactor: 1.2 },
  { name: 'Steelhand', code: 'SHD', priceFactor: 1.05 },
  { name: 'Tradeforce', code: 'TF', priceFactor: 0.9 },
];

export const ADHESIVE_BRANDS: readonly Brand[] = [
  HOUSE,
  { name: 'Tackwell', code: 'TKW', priceFactor: 1.15 },
  { name: 'Adherix', code: 'ADX', priceFactor: 1.3 },
  { name: 'Sealora', code: 'SLR', priceFactor: 0.92 },
];

export const PPE_BRANDS: readonly Brand[] = [
  HOUSE,
  { name: 'Sitewise', code: 'STW', priceFactor: 1.1 },
  { name: 'Guardline', code: 'GDL', priceFactor: 1.25 },
  { name: 'Hivora', code: 'HVR', priceFactor: 0.9 },
];

/**
 * The brand for the n-th issue of a size. After every brand has sold it once, brands come round
 * again as numbered ranges ("Boltwell Series 2"), which only very large benchmark catalogues reach.
 */
export function brandIssue(brands: readonly Brand[], issue: number): { brand: Brand; series: number } {
  const brand = brands[issue % brands.length] ?? HOUSE;
  return { brand, series: Math.floor(issue / brands.length) };
}
