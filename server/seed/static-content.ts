import type { StaticContent } from '../../schemas/catalog/static-content';
import { contentImage } from './image-paths';

/** The static JSON of the home page and footer: promoted offers, accreditations and info links. */
export function buildStaticContent(): StaticContent {
  return {
    promoted_offers: {
      mainBanner: { title: 'Anchors for cracked concrete', subtitle: 'ETA Option 1 through bolts and resins', image: contentImage('banners', 'main-anchors'), link: '/c/anchors-fixings' },
      smallBanners: [
        { title: 'Screws by the box', subtitle: 'Quantity breaks from 5 boxes', image: contentImage('banners', 'small-screws'), link: '/c/screws' },
        { title: 'SDS bits', subtitle: '5 mm to 40 mm', image: contentImage('banners', 'small-sds'), link: '/c/sds-plus-bits' },
        { title: 'Build your own SDS set', subtitle: 'Pick a drill, bits and extras', image: contentImage('banners', 'small-bundle'), link: '/p/BND-SDS-START/build-your-own-sds-starter-set-bnd-sds-start' },
      ],
    },
    accreditations: [
      { name: 'Builders Merchants Trade Association member', image: contentImage('accreditations', 'trade-association'), link: '/i/about-us' },
      { name: 'ISO 9001 quality management', image: contentImage('accreditations', 'iso-9001'), link: '/i/about-us' },
      { name: 'SafeSite Supplier Scheme Gold', image: contentImage('accreditations', 'safesite-gold'), link: '/i/about-us' },
      { name: 'Fair Pay Employer', image: contentImage('accreditations', 'fair-pay'), link: '/i/about-us' },
    ],
    info_links: [
      { title: 'Delivery', link: '/delivery' }, { title: 'Returns', link: '/i/returns' }, { title: 'Trade credit', link: '/i/trade-credit' },
      { title: 'Terms and conditions', link: '/i/terms-and-conditions' }, { title: 'Privacy policy', link: '/i/privacy-policy' },
      { title: 'Catalogue request', link: '/catalogue-request' }, { title: 'Contact us', link: '/contact' },
    ],
  };
}
