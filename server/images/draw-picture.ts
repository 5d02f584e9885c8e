import { drawBadge, drawBanner, drawBlog, drawFrame, drawGrid } from './drawings-content';
import { drawAnchor, drawBolt, drawCavity, drawChemical, drawNails, drawScrew } from './drawings-fixings';
import { drawAdhesive, drawDrillBit, drawGuide, drawHandTools, drawKit, drawPowerTool, drawSafety, drawService } from './drawings-tools';
import { FAMILY_PALETTES, NEUTRAL_PALETTE, paletteFromName, type Palette } from './family-palettes';
import { ORIGINAL_HEIGHT, ORIGINAL_WIDTH } from './image-request';
import { describeImagePath, type ImageSubject, type ProductFamily } from './image-subject';

/** Bump when any drawing changes: it is part of the cache key and the etag. */
export const DRAWING_VERSION = 1;

export const FAMILY_DRAWINGS: Record<ProductFamily, (p: Palette) => string> = {
  anchors: drawAnchor,
  chemical: drawChemical,
  cavity: drawCavity,
  screws: drawScrew,
  bolts: drawBolt,
  nails: drawNails,
  'drill-bits': drawDrillBit,
  'power-tools': drawPowerTool,
  'hand-tools': drawHandTools,
  adhesives: drawAdhesive,
  safety: drawSafety,
  kits: drawKit,
  services: drawService,
  guides: drawGuide,
};

/** Gallery views 1, 2, 3... turn and zoom the same drawing so the thumbnails are not identical. */
const VIEWS = [
  { angle: 0, zoom: 1 },
  { angle: -16, zoom: 1.16 },
  { angle: 22, zoom: 0.86 },
  { angle: -34, zoom: 1.28 },
  { angle: 10, zoom: 0.94 },
  { angle: 45, zoom: 1.08 },
];

export function viewTransform(view: number): string {
  const index = Math.max(0, view - 1);
  const base = VIEWS[index % VIEWS.length] ?? { angle: 0, zoom: 1 };
  const angle = base.angle + Math.floor(index / VIEWS.length) * 7;
  return `translate(300 345) rotate(${angle}) scale(${base.zoom}) translate(-300 -345)`;
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const words = (slug: string) => slug.replace(/[-_]+/g, ' ').trim();

interface Scene {
  palette: Palette;
  caption: string;
  label: string;
  drawing: string;
  view: number;
}

function sceneOf(subject: ImageSubject): Scene {
  switch (subject.kind) {
    case 'product': {
      const palette = FAMILY_PALETTES[subject.family];
      return { palette, caption: words(subject.family), label: subject.sku, drawing: FAMILY_DRAWINGS[subject.family](palette), view: subject.view };
    }
    case 'category': {
      const palette = subject.family ? FAMILY_PALETTES[subject.family] : paletteFromName(subject.slug);
      const drawing = subject.family ? FAMILY_DRAWINGS[subject.family](palette) : drawGrid(palette);
      return { palette, caption: 'category', label: words(subject.slug), drawing, view: 1 };
    }
    case 'banner': {
      const palette = subject.family ? FAMILY_PALETTES[subject.family] : paletteFromName(subject.id);
      const drawing = subject.family ? FAMILY_DRAWINGS[subject.family](palette) : drawBanner(palette);
      return { palette, caption: 'offer', label: words(subject.id), drawing, view: 1 };
    }
    case 'blog': {
      const palette = paletteFromName(subject.slug);
      return { palette, caption: 'blog', label: words(subject.slug), drawing: drawBlog(palette), view: 1 };
    }
    case 'badge': {
      const palette = paletteFromName(subject.name);
      return { palette, caption: 'accredited', label: words(subject.name), drawing: drawBadge(palette), view: 1 };
    }
    case 'unknown':
      return { palette: NEUTRAL_PALETTE, caption: 'image', label: words(subject.name) || 'no image', drawing: drawFrame(NEUTRAL_PALETTE), view: 1 };
  }
}

/** The whole picture for an image path, as a 600x744 SVG document. Pure and deterministic. */
export function drawPicture(path: string): string {
  return drawScene(sceneOf(describeImagePath(path)));
}

function drawScene({ palette: p, caption, label, drawing, view }: Scene): string {
  const text = label.toUpperCase().slice(0, 40);
  // Shrink long labels so they stay inside the pill (bold sans glyphs are about 0.68em wide).
  const size = Math.max(14, Math.min(40, Math.floor(440 / (Math.max(1, text.length) * 0.68))));
  const stripes = Array.from({ length: 16 }, (_, i) => {
    const x = -300 + i * 70 + (view % 4) * 17;
    return `<line x1="${x}" y1="744" x2="${x + 600}" y2="0" stroke="${p.dark}" stroke-opacity="0.05" stroke-width="18"/>`;
  }).join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${ORIGINAL_WIDTH}" height="${ORIGINAL_HEIGHT}" viewBox="0 0 ${ORIGINAL_WIDTH} ${ORIGINAL_HEIGHT}">`,
    '<defs>',
    '<linearGradient id="metal" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#8d969f"/><stop offset="0.35" stop-color="#f2f4f6"/><stop offset="1" stop-color="#7b848d"/></linearGradient>',
    '<clipPath id="stage"><rect x="0" y="92" width="600" height="520"/></clipPath>',
    '</defs>',
    `<rect width="600" height="744" fill="${p.background}"/>`,
    stripes,
    `<text x="300" y="64" text-anchor="middle" font-family="sans-serif" font-weight="bold" font-size="28" letter-spacing="4" fill="${p.dark}">${escapeXml(caption.toUpperCase())}</text>`,
    `<g clip-path="url(#stage)"><g transform="${viewTransform(view)}">${drawing}</g></g>`,
    `<rect x="60" y="630" width="480" height="76" rx="38" fill="${p.dark}"/>`,
    `<text x="300" y="${668 + size * 0.36}" text-anchor="middle" font-family="sans-serif" font-weight="bold" font-size="${size}" fill="#ffffff">${escapeXml(text)}</text>`,
    '</svg>',
  ].join('');
}
