import type { Palette } from './family-palettes';

/*
 * Tools, consumables and paperwork, drawn on the 600x744 canvas around x=300 between y=100
 * and y=580. `url(#metal)` is the steel gradient defined by draw-picture.
 */

const stroke = (p: Palette, width = 4) => `stroke="${p.dark}" stroke-width="${width}"`;

export function drawDrillBit(p: Palette): string {
  // The spiral flute: slanted bands down the body read as a twist at any size.
  const bands = Array.from({ length: 10 }, (_, i) => {
    const y = 262 + i * 28;
    return `<path d="M272 ${y + 14} L328 ${y - 12} V${y + 2} L272 ${y + 28} Z" fill="${p.primary}"/>`;
  }).join('');
  return [
    `<rect x="276" y="100" width="48" height="150" fill="url(#metal)" ${stroke(p)}/>`,
    `<rect x="272" y="250" width="56" height="290" fill="url(#metal)" ${stroke(p)}/>`,
    bands,
    `<rect x="272" y="250" width="56" height="290" fill="none" ${stroke(p)}/>`,
    `<path d="M272 540 H328 L300 588 Z" fill="${p.accent}" ${stroke(p)}/>`,
  ].join('');
}

export function drawPowerTool(p: Palette): string {
  const vents = [0, 1, 2].map((i) => `<rect x="${170 + i * 18}" y="210" width="8" height="50" rx="4" fill="${p.dark}"/>`).join('');
  return [
    `<path d="M220 290 H300 L282 470 H200 Z" fill="${p.dark}" ${stroke(p)}/>`,
    `<rect x="302" y="298" width="20" height="44" rx="8" fill="${p.accent}" ${stroke(p, 3)}/>`,
    `<rect x="140" y="180" width="250" height="112" rx="44" fill="${p.primary}" ${stroke(p)}/>`,
    vents,
    `<rect x="390" y="204" width="50" height="64" rx="6" fill="${p.dark}"/>`,
    `<path d="M440 212 L478 224 V248 L440 260 Z" fill="url(#metal)" ${stroke(p, 3)}/>`,
    `<rect x="478" y="230" width="80" height="12" fill="url(#metal)" ${stroke(p, 2)}/>`,
    `<rect x="160" y="470" width="170" height="74" rx="10" fill="${p.dark}"/>`,
    `<rect x="172" y="488" width="146" height="14" rx="4" fill="${p.primary}"/>`,
    `<rect x="172" y="512" width="146" height="14" rx="4" fill="${p.accent}"/>`,
  ].join('');
}

export function drawHandTools(p: Palette): string {
  const hammer = [
    `<rect x="284" y="200" width="32" height="370" rx="14" fill="${p.accent}" ${stroke(p)}/>`,
    `<rect x="280" y="420" width="40" height="150" rx="16" fill="${p.primary}" ${stroke(p)}/>`,
    `<path d="M210 150 H380 Q420 160 430 200 Q400 186 380 210 H210 Z" fill="url(#metal)" ${stroke(p)}/>`,
    `<rect x="190" y="146" width="30" height="68" rx="6" fill="url(#metal)" ${stroke(p)}/>`,
  ].join('');
  const spanner = [
    `<rect x="284" y="190" width="32" height="340" rx="14" fill="url(#metal)" ${stroke(p)}/>`,
    `<circle cx="300" cy="160" r="52" fill="url(#metal)" ${stroke(p)}/>`,
    `<rect x="282" y="96" width="36" height="70" fill="${p.background}" ${stroke(p)}/>`,
    `<circle cx="300" cy="552" r="44" fill="url(#metal)" ${stroke(p)}/>`,
    `<circle cx="300" cy="552" r="22" fill="${p.background}" ${stroke(p)}/>`,
  ].join('');
  return `<g transform="rotate(32 300 360)">${spanner}</g><g transform="rotate(-30 300 360)">${hammer}</g>`;
}

export function drawAdhesive(p: Palette): string {
  const crimp = Array.from({ length: 9 }, (_, i) => `${220 + i * 20},${i % 2 === 0 ? 120 : 132}`).join(' ');
  return [
    `<polyline points="${crimp}" fill="none" ${stroke(p, 3)}/>`,
    `<rect x="216" y="132" width="168" height="26" fill="${p.primary}" ${stroke(p)}/>`,
    `<path d="M220 158 H380 L360 470 H240 Z" fill="${p.primary}" ${stroke(p)}/>`,
    `<rect x="238" y="250" width="124" height="120" rx="8" fill="${p.accent}" ${stroke(p, 3)}/>`,
    `<path d="M300 276 C330 312 336 330 300 346 C264 330 270 312 300 276 Z" fill="${p.primary}"/>`,
    `<path d="M240 470 H360 L330 512 H270 Z" fill="${p.primary}" ${stroke(p)}/>`,
    `<rect x="272" y="512" width="56" height="54" rx="8" fill="${p.dark}"/>`,
    `<path d="M430 470 C460 512 466 536 430 552 C394 536 400 512 430 470 Z" fill="${p.primary}" opacity="0.85" ${stroke(p, 3)}/>`,
  ].join('');
}

export function drawSafety(p: Palette): string {
  return [
    // Hi-vis vest with reflective bands, under a hard hat.
    `<path d="M214 330 H268 L300 392 L332 330 H386 L420 392 V574 H180 V392 Z" fill="${p.accent}" ${stroke(p)}/>`,
    `<rect x="180" y="468" width="240" height="22" fill="#e6e6e6" ${stroke(p, 3)}/>`,
    `<rect x="180" y="520" width="240" height="22" fill="#e6e6e6" ${stroke(p, 3)}/>`,
    `<line x1="300" y1="392" x2="300" y2="574" ${stroke(p, 3)}/>`,
    `<path d="M186 270 A114 114 0 0 1 414 270 Z" fill="${p.primary}" ${stroke(p)}/>`,
    `<rect x="288" y="158" width="24" height="112" rx="8" fill="${p.primary}" ${stroke(p, 3)}/>`,
    `<rect x="156" y="262" width="288" height="24" rx="12" fill="${p.primary}" ${stroke(p)}/>`,
  ].join('');
}

export function drawKit(p: Palette): string {
  return [
    `<path d="M170 290 L300 230 L440 290 L310 352 Z" fill="#d9b77a" ${stroke(p)}/>`,
    `<path d="M170 290 L310 352 V556 L170 494 Z" fill="${p.primary}" ${stroke(p)}/>`,
    `<path d="M310 352 L440 290 V494 L310 556 Z" fill="#8c6228" ${stroke(p)}/>`,
    `<path d="M235 260 L375 322 L375 340 L235 278 Z" fill="${p.accent}" opacity="0.9"/>`,
    `<path d="M196 380 L284 420 V478 L196 438 Z" fill="#ffffff" ${stroke(p, 3)}/>`,
    // A tiny bolt on the label says "fixings inside".
    `<path d="M222 408 L250 421 V431 L222 418 Z" fill="${p.dark}"/>`,
    `<path d="M232 426 L242 430 V456 L232 452 Z" fill="${p.dark}"/>`,
  ].join('');
}

export function drawService(p: Palette): string {
  const teeth = Array.from({ length: 10 }, (_, i) => `<rect x="282" y="170" width="36" height="60" rx="6" fill="${p.primary}" transform="rotate(${i * 36} 300 330)"/>`).join('');
  return [
    teeth,
    `<circle cx="300" cy="330" r="128" fill="${p.primary}" ${stroke(p)}/>`,
    `<circle cx="300" cy="330" r="62" fill="${p.background}" ${stroke(p)}/>`,
    `<circle cx="420" cy="470" r="70" fill="${p.accent}" ${stroke(p)}/>`,
    `<path d="M386 472 L410 498 L456 446" fill="none" stroke="#ffffff" stroke-width="14" stroke-linecap="round" stroke-linejoin="round"/>`,
  ].join('');
}

export function drawGuide(p: Palette): string {
  const lines = [0, 1, 2, 3, 4, 5].map((i) => `<rect x="214" y="${300 + i * 34}" width="${i % 3 === 2 ? 120 : 172}" height="12" rx="6" fill="#b8bdd6"/>`).join('');
  return [
    `<path d="M186 110 H366 L424 168 V580 H186 Z" fill="#ffffff" ${stroke(p)}/>`,
    `<path d="M366 110 V168 H424" fill="#dfe3f3" ${stroke(p)}/>`,
    `<rect x="214" y="196" width="172" height="72" rx="8" fill="${p.primary}"/>`,
    `<rect x="232" y="216" width="110" height="14" rx="7" fill="${p.accent}"/>`,
    `<rect x="232" y="240" width="70" height="10" rx="5" fill="${p.accent}" opacity="0.7"/>`,
    lines,
  ].join('');
}
