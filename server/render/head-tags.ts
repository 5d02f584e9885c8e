import { unitPricesPence } from '../../src/domain/pricing/final-price';
import { addPercent, fromPence } from '../../src/domain/pricing/money';
import { findTaxRatePercent, type TaxRuleFields } from '../../src/domain/pricing/tax-rate';
import { productUrl } from '../../src/domain/catalog/product-url';
import { categoryUrl, trailOf, type CategoryNode, type CategoryTree } from '../../src/domain/catalog/category-tree';
import { IMAGE_SIZES, imageUrl, responsiveImage, type ImageSize } from '../../src/domain/images/image-url';
import { pageTitle } from '../../src/domain/content/page-title';
import { basenameFor, localizedPath, STORE_VIEWS, storeViewForPath, type StoreConfig } from '../../src/i18n/store-views';
import type { Doc } from '../../src/domain/catalog-query/types';


/** What a rendered page is about, as far as its head tags care. */
export type PageFacts =
  | { kind: 'home' }
  | { kind: 'product'; product: Doc; tree: CategoryTree | undefined; taxRules: TaxRuleFields[] | undefined }
  | { kind: 'category'; category: CategoryNode; tree: CategoryTree; firstImage: string | undefined }
  | { kind: 'cms'; title: string; metaTitle: string | undefined; description: string | undefined }
  | { kind: 'blog-list'; title: string }
  | { kind: 'blog-post'; post: Doc }
  | { kind: 'not-found'; title: string }
  | { kind: 'error'; title: string };

export interface HeadTags {
  title: string;
  description: string;
  /** Absolute; none for error pages. */
  canonical?: string;
  /** The same page in each enabled store view (`hreflang`), with `x-default`; none while one view is enabled. */
  alternates?: { hreflang: string; href: string }[];
  robots?: string;
  openGraph: [property: string, content: string][];
  jsonLd: object[];
  /** The first picture the page shows large, fetched before the stylesheet and code. */
  preloadImage?: { href: string; srcset?: string; sizes?: string };
}

const SHOP_NAME = 'Fixings Direct';
const DEFAULT_DESCRIPTION = 'Fixings Direct: anchors, screws, bolts, drill bits, power tools and site safety for the trade, delivered next day.';
const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);
/** Plain text of CMS or description HTML, cut at a word near `max` characters. */
function summary(html: unknown, max = 160): string | undefined {
  const plain = text(html)?.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();
  if (!plain) return undefined;
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

function breadcrumbList(origin: string, trail: { name: string; path?: string }[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, i) => ({ '@type': 'ListItem', position: i + 1, name: step.name, ...(step.path ? { item: `${origin}${step.path}` } : {}) })),
  };
}

/** The price a guest pays for one unit, including VAT at the store's rate (SPEC §1: GBP, GB). */
export function priceIncludingVat(product: Doc, taxRules: readonly TaxRuleFields[] | undefined, now = new Date()): number {
  const percent = taxRules ? findTaxRatePercent(taxRules, { productTaxClassId: typeof product.tax_class_id === 'number' ? product.tax_class_id : 2, countryId: 'GB' }) : 0;
  return fromPence(addPercent(unitPricesPence(product, { now }).final, percent));
}

function productHead(origin: string, facts: Extract<PageFacts, { kind: 'product' }>): HeadTags {
  const { product, tree, taxRules } = facts;
  const name = String(product.name);
  const path = productUrl(product);
  const picture = text(product.image) ?? text(product.thumbnail);
  const [width, height] = IMAGE_SIZES.gallery;
  const image = picture ? `${origin}${imageUrl(picture, width, height)}` : undefined;
  const price = priceIncludingVat(product, taxRules).toFixed(2);
  const stock = product.stock as { is_in_stock?: boolean } | undefined;
  const availability = stock?.is_in_stock === false ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock';
  const description = summary(product.meta_description) ?? summary(product.short_description) ?? summary(product.description) ?? `${name} from ${SHOP_NAME}.`;
  const brand = text(product.brand) ?? text(product.manufacturer);
  const ids = Array.isArray(product.category_ids) ? (product.category_ids as number[]) : [];
  const trail = tree ? (ids.map((id) => trailOf(tree, id)).sort((a, b) => b.length - a.length)[0] ?? []) : [];
  return {
    title: pageTitle(name),
    description,
    canonical: `${origin}${path}`,
    openGraph: [
      ['og:type', 'product'],
      ['og:title', name],
      ['og:description', description],
      ...(image ? ([['og:image', image]] as [string, string][]) : []),
      ['product:price:amount', price],
      ['product:price:currency', 'GBP'],
    ],
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name,
        sku: String(product.sku),
        description,
        url: `${origin}${path}`,
        ...(image ? { image: [image] } : {}),
        ...(brand ? { brand: { '@type': 'Brand', name: brand } } : {}),
        ...(text(product.ean) ? { gtin13: text(product.ean) } : {}),
        offers: { '@type': 'Offer', url: `${origin}${path}`, priceCurrency: 'GBP', price, availability, itemCondition: 'https://schema.org/NewCondition' },
      },
      breadcrumbList(origin, [{ name: 'Home', path: '/' }, ...trail.map((c) => ({ name: c.name, path: categoryUrl(c) })), { name, path }]),
    ],
    ...(picture ? { preloadImage: imagePreload(picture, 'gallery') } : {}),
  };
}

function categoryHead(origin: string, facts: Extract<PageFacts, { kind: 'category' }>): HeadTags {
  const { category, tree } = facts;
  const path = categoryUrl(category);
  const description = category.metaDescription ?? summary(category.description) ?? `${category.name} at trade prices from ${SHOP_NAME}.`;
  return {
    // The document title is the screen's own (as the browser sets it); the meta title goes to Open Graph.
    title: pageTitle(category.name),
    description,
    canonical: `${origin}${path}`,
    openGraph: [
      ['og:type', 'website'],
      ['og:title', category.metaTitle ?? category.name],
      ['og:description', description],
    ],
    jsonLd: [breadcrumbList(origin, [{ name: 'Home', path: '/' }, ...trailOf(tree, category.id).map((c) => ({ name: c.name, path: categoryUrl(c) }))])],
    ...(facts.firstImage ? { preloadImage: imagePreload(facts.firstImage, 'thumbnail') } : {}),
  };
}

/** A picture with the srcset and sizes its <img> has (ui/product-image), so the browser preloads the candidate the page uses. */
function imagePreload(path: string, size: ImageSize): HeadTags['preloadImage'] {
  const image = responsiveImage(path, size);
  return { href: image.src, ...(image.srcSet ? { srcset: image.srcSet } : {}), ...(image.sizes ? { sizes: image.sizes } : {}) };
}

function homeHead(origin: string): HeadTags {
  return {
    title: pageTitle(undefined),
    description: DEFAULT_DESCRIPTION,
    canonical: `${origin}/`,
    openGraph: [
      ['og:type', 'website'],
      ['og:title', SHOP_NAME],
      ['og:description', DEFAULT_DESCRIPTION],
    ],
    jsonLd: [
      { '@context': 'https://schema.org', '@type': 'Organization', name: SHOP_NAME, url: `${origin}/`, logo: `${origin}/favicon.svg` },
      {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: SHOP_NAME,
        url: `${origin}/`,
        potentialAction: { '@type': 'SearchAction', target: { '@type': 'EntryPoint', urlTemplate: `${origin}/?search={search_term_string}` }, 'query-input': 'required name=search_term_string' },
      },
    ],
  };
}

/**
 * The store views as the server knows them: multistore is switched on by the same VITE_MULTISTORE
 * the build reads (SPEC §1: off, the German and Italian views defined but disabled).
 */
export const serverStoreConfig = (env: NodeJS.ProcessEnv = process.env): StoreConfig => ({ multistore: env.VITE_MULTISTORE === 'true', views: STORE_VIEWS });

/**
 * `hreflang` alternates of a page path (unprefixed, or prefixed by its view): one per enabled store
 * view (multistore on and the view not disabled) at its own prefix, and `x-default` at the view
 * without a prefix. Nothing while fewer than two views are enabled: there is no other language to name.
 */
export function storeAlternates(origin: string, path: string, config: StoreConfig): NonNullable<HeadTags['alternates']> {
  const enabled = config.multistore ? config.views.filter((view) => !view.disabled) : [];
  if (enabled.length < 2) return [];
  const base = basenameFor(storeViewForPath(path, config), config);
  const pagePath = base && (path === base || path.startsWith(`${base}/`)) ? path.slice(base.length) || '/' : path;
  const fallback = enabled.find((view) => !view.appendStoreCode) ?? enabled[0]!;
  return [
    ...enabled.map((view) => ({ hreflang: view.i18n.defaultLocale, href: `${origin}${localizedPath(pagePath, view, config)}` })),
    { hreflang: 'x-default', href: `${origin}${localizedPath(pagePath, fallback, config)}` },
  ];
}

/**
 * The head of a page from what it shows; `path` is the requested path (canonical for CMS and blog).
 * Pages with a canonical URL name their store-view alternates (`stores`, the server's by default).
 */
export function headTags(origin: string, path: string, facts: PageFacts, stores: StoreConfig = serverStoreConfig()): HeadTags {
  const tags = pageHead(origin, path, facts);
  const alternates = tags.canonical ? storeAlternates(origin, tags.canonical.slice(origin.length), stores) : [];
  return alternates.length ? { ...tags, alternates } : tags;
}

function pageHead(origin: string, path: string, facts: PageFacts): HeadTags {
  switch (facts.kind) {
    case 'home':
      return homeHead(origin);
    case 'product':
      return productHead(origin, facts);
    case 'category':
      return categoryHead(origin, facts);
    case 'cms': {
      const description = facts.description ?? DEFAULT_DESCRIPTION;
      return {
        title: pageTitle(facts.metaTitle ?? facts.title),
        description,
        canonical: `${origin}${path}`,
        openGraph: [['og:type', 'article'], ['og:title', facts.title], ['og:description', description]],
        jsonLd: [breadcrumbList(origin, [{ name: 'Home', path: '/' }, { name: facts.title, path }])],
      };
    }
    case 'blog-list':
      return { title: pageTitle(facts.title), description: DEFAULT_DESCRIPTION, canonical: `${origin}${path}`, openGraph: [['og:type', 'website'], ['og:title', facts.title]], jsonLd: [] };
    case 'blog-post': {
      const title = String(facts.post.title);
      const description = summary(facts.post.short_content) ?? summary(facts.post.content) ?? DEFAULT_DESCRIPTION;
      const picture = text(facts.post.image);
      return {
        title: pageTitle(title),
        description,
        canonical: `${origin}${path}`,
        openGraph: [['og:type', 'article'], ['og:title', title], ['og:description', description], ...(picture ? ([['og:image', `${origin}${imageUrl(picture, 960, 540)}`]] as [string, string][]) : [])],
        jsonLd: [breadcrumbList(origin, [{ name: 'Home', path: '/' }, { name: 'Latest news', path: '/latest-news' }, { name: title, path }])],
      };
    }
    case 'not-found':
    case 'error':
      return { title: pageTitle(facts.title), description: DEFAULT_DESCRIPTION, robots: 'noindex', openGraph: [], jsonLd: [] };
  }
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** JSON inside a <script> element: `<` (so no `</script>` or `<!--`) and the JS line separators escaped. */
const SCRIPT_ESCAPES: Record<string, string> = { '<': '\\u003c', '\u2028': '\\u2028', '\u2029': '\\u2029' };
export function scriptJson(value: unknown): string {
  const json = JSON.stringify(value);
  // Most pages' data holds none of them: three scans for a character cost far less than the pattern's pass.
  return json.includes('<') || json.includes('\u2028') || json.includes('\u2029') ? json.replace(/[<\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c]!) : json;
}

export function headHtml(tags: HeadTags): string {
  const lines = [`<title>${escapeText(tags.title)}</title>`, `<meta name="description" content="${escapeAttribute(tags.description)}" />`];
  if (tags.robots) lines.push(`<meta name="robots" content="${escapeAttribute(tags.robots)}" />`);
  if (tags.canonical) lines.push(`<link rel="canonical" href="${escapeAttribute(tags.canonical)}" />`);
  for (const { hreflang, href } of tags.alternates ?? []) lines.push(`<link rel="alternate" hreflang="${escapeAttribute(hreflang)}" href="${escapeAttribute(href)}" />`);
  for (const [property, content] of tags.openGraph) lines.push(`<meta property="${escapeAttribute(property)}" content="${escapeAttribute(content)}" />`);
  if (tags.preloadImage) {
    const { href, srcset, sizes } = tags.preloadImage;
    const responsive = `${srcset ? ` imagesrcset="${escapeAttribute(srcset)}"` : ''}${sizes ? ` imagesizes="${escapeAttribute(sizes)}"` : ''}`;
    lines.push(`<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(href)}"${responsive} />`);
  }
  for (const data of tags.jsonLd) lines.push(`<script type="application/ld+json">${scriptJson(data)}</script>`);
  return lines.join('\n    ');
}
