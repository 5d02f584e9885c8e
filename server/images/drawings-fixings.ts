import type { Palette } from './family-palettes';

/*
 * Side views of the fixings, drawn on the 600x744 canvas around x=300, between y=100 and y=580.
 * `url(#metal)` is the steel gradient defined by draw-picture. Each returns SVG elements only.
 */

const line = (x1: number, y1: number, x2: number, y2: number, stroke: string, width = 3) =>
  `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round"/>`;

/** Slanted thread lines across a shank from y0 to y1. */
function threads(left: number, right: number, y0: number, y1: number, step: number, stroke: string): string {
  const out: string[] = [];
  for (let y = y0; y <= y1; y += step) out.push(line(left, y, right, y - step / 2, stroke, 3));
  return out.join('');
}

export function drawBolt(p: Palette): string {
  return [
    `<rect x="215" y="120" width="170" height="80" rx="6" fill="url(#metal)" stroke="${p.dark}" stroke-width="4"/>`,
    line(258, 124, 258, 196, p.dark, 3),
    line(342, 124, 342, 196, p.dark, 3),
    `<rect x="200" y="200" width="200" height="16" rx="3" fill="${p.primary}" stroke="${p.dark}" stroke-width="3"/>`,
    `<path d="M262 216 H338 V548 L326 566 H274 L262 548 Z" fill="url(#metal)" stroke="${p.dark}" stroke-width="4"/>`,
    threads(262, 338, 300, 550, 16, p.dark),
  ].join('');
}

export function drawScrew(p: Palette): string {
  const out = [
    `<path d="M195 130 H405 L332 212 H268 Z" fill="url(#metal)" stroke="${p.dark}" stroke-width="4"/>`,
    line(280, 150, 320, 150, p.dark, 6),
    `<path d="M272 212 H328 V470 L300 584 L272 470 Z" fill="url(#metal)" stroke="${p.dark}" stroke-width="4"/>`,
  ];
  // Coarse wood-screw threads standing proud of the core, narrowing towards the point.
  for (let y = 236; y <= 560; y += 24) {
    const half = y <= 470 ? 44 : 44 - ((y - 470) / 114) * 36;
    out.push(line(300 - half, y, 300 + half, y - 14, p.primary, 7));
  }
  return out.join('');
}

export function drawAnchor(p: Palette): string {
  return [
    `<rect x="280" y="100" width="40" height="130" fill="url(#metal)" stroke="${p.dark}" stroke-width="3"/>`,
    threads(280, 320, 110, 180, 12, p.dark),
    `<rect x="240" y="172" width="120" height="52" rx="4" fill="url(#metal)" stroke="${p.dark}" stroke-width="4"/>`,
    line(280, 176, 280, 220, p.dark, 3),
    line(320, 176, 320, 220, p.dark, 3),
    `<rect x="228" y="224" width="144" height="14" rx="3" fill="url(#metal)" stroke="${p.dark}" stroke-width="3"/>`,
    // The expanding sleeve, slotted at the bottom, in the family colour.
    `<rect x="260" y="238" width="80" height="262" rx="4" fill="${p.primary}" stroke="${p.dark}" stroke-width="4"/>`,
    line(300, 400, 300, 496, p.dark, 5),
    line(278, 420, 278, 496, p.dark, 4),
    line(322, 420, 322, 496, p.dark, 4),
    line(262, 300, 338, 300, p.accent, 6),
    line(262, 330, 338, 330, p.accent, 6),
    `<path d="M270 500 H330 L356 568 H244 Z" fill="url(#metal)" stroke="${p.dark}" stroke-width="4"/>`,
  ].join('');
}

export function drawChemical(p: Palette): string {
  const zigzag = Array.from({ length: 8 }, (_, i) => `${i % 2 === 0 ? 292 : 308},${178 - i * 12}`).join(' ');
  return [
    `<path d="M282 196 L294 82 H306 L318 196 Z" fill="#f3f3f3" stroke="${p.dark}" stroke-width="4"/>`,
    `<polyline points="${zigzag}" fill="none" stroke="${p.primary}" stroke-width="4"/>`,
    `<path d="M226 250 L268 196 H332 L374 250 Z" fill="${p.accent}" stroke="${p.dark}" stroke-width="4"/>`,
    `<rect x="226" y="250" width="148" height="320" rx="10" fill="${p.primary}" stroke="${p.dark}" stroke-width="4"/>`,
    `<rect x="226" y="330" width="148" height="130" fill="#ffffff" stroke="${p.dark}" stroke-width="3"/>`,
    line(246, 362, 354, 362, p.dark, 8),
    line(246, 392, 330, 392, p.primary, 6),
    line(246, 420, 342, 420, p.primary, 6),
    `<rect x="220" y="548" width="160" height="26" rx="6" fill="${p.accent}" stroke="${p.dark}" stroke-width="4"/>`,
  ].join('');
}

export function drawCavity(p: Palette): string {
  const hatch = Array.from({ length: 9 }, (_, i) => line(312, 170 + i * 44, 340, 150 + i * 44, '#b9b3a0', 3)).join('');
  return [
    // Plasterboard section, the screw through it and the spring toggle opened behind it.
    `<rect x="305" y="120" width="42" height="460" fill="${p.accent}" stroke="${p.dark}" stroke-width="4"/>`,
    hatch,
    `<rect x="130" y="296" width="36" height="96" rx="6" fill="url(#metal)" stroke="${p.dark}" stroke-width="4"/>`,
    `<rect x="166" y="328" width="290" height="32" fill="url(#metal)" stroke="${p.dark}" stroke-width="4"/>`,
    ...Array.from({ length: 13 }, (_, i) => line(190 + i * 20, 360, 200 + i * 20, 328, p.dark, 3)),
    `<path d="M360 338 L478 196 L500 212 L388 344 Z" fill="${p.primary}" stroke="${p.dark}" stroke-width="4"/>`,
    `<path d="M360 350 L478 492 L500 476 L388 344 Z" fill="${p.primary}" stroke="${p.dark}" stroke-width="4"/>`,
    `<circle cx="372" cy="344" r="14" fill="url(#metal)" stroke="${p.dark}" stroke-width="4"/>`,
  ].join('');
}

export function drawNails(p: Palette): string {
  const nail = (x: number, top: number, length: number) =>
    [
      `<rect x="${x - 34}" y="${top}" width="68" height="14" rx="4" fill="${p.primary}" stroke="${p.dark}" stroke-width="3"/>`,
      `<path d="M${x - 10} ${top + 14} H${x + 10} V${top + length} L${x} ${top + length + 36} L${x - 10} ${top + length} Z" fill="url(#metal)" stroke="${p.dark}" stroke-width="3"/>`,
      line(x - 10, top + 30, x + 10, top + 30, p.dark, 2),
      line(x - 10, top + 40, x + 10, top + 40, p.dark, 2),
    ].join('');
  return [nail(200, 170, 330), nail(300, 120, 420), nail(400, 220, 260)].join('');
}
