import type { ProductFamily } from './image-subject';

/** Colours of one family's pictures: the background tells families apart at thumbnail size. */
export interface Palette {
  /** Light background filling the canvas. */
  background: string;
  /** The family's strong colour: bodies, sleeves, handles. */
  primary: string;
  /** Outlines, text and shadows. */
  dark: string;
  /** A second colour for details (stripes, labels, trims). */
  accent: string;
}

export const FAMILY_PALETTES: Record<ProductFamily, Palette> = {
  anchors: { background: '#d5e4f5', primary: '#2f6db0', dark: '#1a3552', accent: '#f0a020' },
  chemical: { background: '#fde0c8', primary: '#e0661b', dark: '#5a2a0a', accent: '#3b3b3b' },
  cavity: { background: '#cdeee8', primary: '#17907f', dark: '#0c3f38', accent: '#f2efe6' },
  screws: { background: '#faeeb8', primary: '#c89b00', dark: '#4d3d00', accent: '#7a7a7a' },
  bolts: { background: '#dfe2e7', primary: '#4b5563', dark: '#1f2328', accent: '#c0392b' },
  nails: { background: '#f2ddcf', primary: '#a4582d', dark: '#4a2410', accent: '#6f6f6f' },
  'drill-bits': { background: '#e4d9f6', primary: '#6b3fb0', dark: '#2c1650', accent: '#d4af37' },
  'power-tools': { background: '#f9d6d6', primary: '#d32f2f', dark: '#2a2a2a', accent: '#fbc02d' },
  'hand-tools': { background: '#d8eed3', primary: '#2e8540', dark: '#163d1e', accent: '#8d6e63' },
  adhesives: { background: '#f6d5e8', primary: '#b8327e', dark: '#4e1233', accent: '#ffffff' },
  safety: { background: '#eefab8', primary: '#f7c600', dark: '#3d3d00', accent: '#ff6d00' },
  kits: { background: '#eee0c2', primary: '#b07f3a', dark: '#4a3212', accent: '#2f6db0' },
  services: { background: '#d2ecf8', primary: '#0a7cc1', dark: '#073a5a', accent: '#43a047' },
  guides: { background: '#e3e6f3', primary: '#3f51b5', dark: '#1a2356', accent: '#ffffff' },
};

/** For paths that name no known family: grey, so it reads as "no picture yet". */
export const NEUTRAL_PALETTE: Palette = { background: '#ececec', primary: '#9e9e9e', dark: '#424242', accent: '#ffffff' };

/** Banners and blog posts: a hue picked from the id so neighbouring tiles differ. */
export function paletteFromName(name: string): Palette {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const hue = hash % 360;
  return {
    background: `hsl(${hue}, 55%, 88%)`,
    primary: `hsl(${hue}, 60%, 42%)`,
    dark: `hsl(${hue}, 50%, 18%)`,
    accent: `hsl(${(hue + 180) % 360}, 70%, 55%)`,
  };
}
