import type { Banner } from '../../schemas/catalog/banner';
import { contentImage } from './image-paths';

/** Home page banners; those with status 0 are scheduled or retired and must not show (SPEC §2). */
const BANNERS: [title: string, subtitle: string, link: string, status: 0 | 1][] = [
  ['Chemical anchoring made simple', 'Resins, studs and guns for every substrate', '/c/chemical-anchoring', 1],
  ['18V brushless range', 'Kits and body-only tools now in stock', '/c/power-tools', 1],
  ['Trade packs for trade prices', 'Open a trade account for credit and bulk boxes', '/trade-account', 1],
  ['Site safety essentials', 'Hi-vis, gloves and FFP3 masks from £1.29', '/c/site-safety-ppe', 1],
  ['Decking season', 'Screws, bits and structural screws for the frame', '/c/decking-screws', 1],
  ['Clearance', 'End-of-line tools and fixings', '/c/clearance', 1],
  ['Winter resins', 'Cold-weather chemical anchors', '/c/resin-cartridges', 0],
  ['Black Friday', 'Coming soon', '/c/power-tools', 0],
];

export function buildBanners(): Banner[] {
  return BANNERS.map(([title, subtitle, link, status], i) => ({
    id: i + 1, title, subtitle, link, status, position: i + 1,
    image: contentImage('banners', `banner-${i + 1}`),
  }));
}
