import type { Palette } from './family-palettes';

/* Pictures for category, banner, blog and accreditation images, and the neutral "no picture" tile. */

export function drawGrid(p: Palette): string {
  const cell = (x: number, y: number, fill: string) => `<rect x="${x}" y="${y}" width="150" height="150" rx="20" fill="${fill}" stroke="${p.dark}" stroke-width="4"/>`;
  return [cell(140, 180, p.primary), cell(310, 180, p.accent), cell(140, 350, p.accent), cell(310, 350, p.primary)].join('');
}

export function drawBanner(p: Palette): string {
  return [
    `<path d="M80 200 H520 V470 H80 Z" fill="${p.primary}" stroke="${p.dark}" stroke-width="4"/>`,
    `<path d="M80 470 L520 200 V470 Z" fill="${p.dark}" opacity="0.25"/>`,
    `<circle cx="430" cy="220" r="70" fill="${p.accent}" stroke="${p.dark}" stroke-width="4"/>`,
    `<text x="430" y="236" text-anchor="middle" font-family="sans-serif" font-weight="bold" font-size="44" fill="#ffffff">%</text>`,
    `<rect x="120" y="300" width="220" height="26" rx="13" fill="#ffffff"/>`,
    `<rect x="120" y="346" width="160" height="20" rx="10" fill="#ffffff" opacity="0.8"/>`,
  ].join('');
}

export function drawBlog(p: Palette): string {
  return [
    `<rect x="140" y="130" width="320" height="440" rx="12" fill="#ffffff" stroke="${p.dark}" stroke-width="4"/>`,
    `<rect x="168" y="160" width="264" height="170" rx="8" fill="${p.primary}"/>`,
    `<path d="M168 330 L250 240 L310 300 L350 262 L432 330 Z" fill="${p.dark}" opacity="0.5"/>`,
    `<circle cx="390" cy="200" r="20" fill="${p.accent}"/>`,
    ...[0, 1, 2, 3, 4].map((i) => `<rect x="168" y="${360 + i * 38}" width="${i === 4 ? 150 : 264}" height="14" rx="7" fill="#c9ccd3"/>`),
  ].join('');
}

export function drawBadge(p: Palette): string {
  return [
    `<path d="M250 400 L210 560 L262 530 L290 580 L310 420 Z" fill="${p.accent}" stroke="${p.dark}" stroke-width="4"/>`,
    `<path d="M350 400 L390 560 L338 530 L310 580 L290 420 Z" fill="${p.accent}" stroke="${p.dark}" stroke-width="4"/>`,
    `<circle cx="300" cy="300" r="130" fill="${p.primary}" stroke="${p.dark}" stroke-width="6"/>`,
    `<circle cx="300" cy="300" r="96" fill="none" stroke="#ffffff" stroke-width="6" stroke-dasharray="14 10"/>`,
    `<path d="M250 300 L288 338 L356 262" fill="none" stroke="#ffffff" stroke-width="20" stroke-linecap="round" stroke-linejoin="round"/>`,
  ].join('');
}

export function drawFrame(p: Palette): string {
  return [
    `<rect x="150" y="200" width="300" height="260" rx="16" fill="#ffffff" stroke="${p.primary}" stroke-width="10"/>`,
    `<path d="M172 440 L260 330 L320 400 L360 360 L428 440 Z" fill="${p.primary}"/>`,
    `<circle cx="380" cy="270" r="26" fill="${p.primary}"/>`,
  ].join('');
}
