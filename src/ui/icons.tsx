/**
 * The shop's icon set: inline SVG line icons (24 px grid, drawn with currentColor), so they need no
 * font or request, scale with the text and never draw as an empty box when a glyph is missing. Icons
 * are decoration: the control beside them carries the visible label and the accessible name.
 */
const PATHS = {
  menu: 'M4 6h16M4 12h16M4 18h16',
  search: 'M10.5 17a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13zM15.5 15.5 20 20',
  heart: 'M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z',
  list: 'M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01',
  compare: 'M12 4v16M5 8l-3 6h6zM19 8l-3 6h6zM5 8h14',
  globe: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3 12h18M12 3c2.5 2.7 3.5 5.7 3.5 9s-1 6.3-3.5 9c-2.5-2.7-3.5-5.7-3.5-9s1-6.3 3.5-9z',
  sync: 'M20 11a8 8 0 0 0-14.3-4.3L4 8.5M4 4v4.5h4.5M4 13a8 8 0 0 0 14.3 4.3L20 15.5M20 20v-4.5h-4.5',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c.8-4 4-6 8-6s7.2 2 8 6',
  cart: 'M3 4h2.5l2.2 11h10.6L21 7.5H6.6M9.5 20h.01M17 20h.01',
  close: 'M6 6l12 12M18 6 6 18',
  check: 'M5 12.5 10 17l9-10',
  offline: 'M3 3l18 18M8.5 8.6A5 5 0 0 0 6 18h11M19.6 17.3A4 4 0 0 0 17 10h-.5A6 6 0 0 0 10 5.3',
  image: 'M4 5h16v14H4zM4 16l5-5 4 4 2-2 5 5M15.5 9.5h.01',
  filter: 'M4 5h16l-6 8v5l-4 2v-7z',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg className={`icon ${className ?? ''}`} viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} />
    </svg>
  );
}
